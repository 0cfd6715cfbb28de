import { and, eq } from 'drizzle-orm';
import { tippParticipantIssues, TIPP_MSG, type studentsApi as S } from '@meridian/domain';
import type { z } from 'zod';
import { AppError, type TFieldErrors } from '../../../../platform/errors/app-error.js';
import type { TContext } from '../../../../platform/http/context.js';
import { studentTipps, studentTippSites } from '../../schema.js';
import { changeRidesCreate } from '../record-changes.js';
import { auditTipp, editableTippRecord, presentTipp } from '../tipp-fields.js';
import { raiseTippChange } from '../tipp-events.js';

type TInput = z.output<typeof S.ZTippParticipantInput>;

/**
 * Records the T/IPP's participant information (EV schema 6.27 ParticipantInfo), or the program that
 * exempts the exchange visitor from a T/IPP (IWT, Korea WEST). IWT only for an intern who is an Irish
 * citizen (SEVIS S2258), who must say whether they are in it (S2261); the exemption only while SEVIS
 * has not been asked to create the record, and not beside T/IPP sites (S2252, S2253).
 */
export async function saveTippParticipant(ctx: TContext, profileId: string, input: TInput) {
  return ctx.db(async (tx) => {
    const p = await editableTippRecord(tx, ctx, profileId);
    const [before] = await tx.select().from(studentTipps).where(eq(studentTipps.profileId, profileId)).for('update');
    const errors: TFieldErrors = {};
    for (const [field, message] of Object.entries(
      tippParticipantIssues({
        evCategoryCode: p.evCategoryCode,
        citizenshipCountryCode: p.citizenshipCountryCode,
        exemptProgram: input.exemptProgram,
        isIwt: input.isIwt,
      }),
    ))
      errors[field] = [message];
    if ((before?.exemptProgram ?? '') !== input.exemptProgram && !(await changeRidesCreate(tx, p)))
      errors.exemptProgram = [TIPP_MSG.exemptionFixed];
    if (input.exemptProgram && !errors.exemptProgram) {
      const [site] = await tx
        .select({ id: studentTippSites.id })
        .from(studentTippSites)
        .where(and(eq(studentTippSites.profileId, profileId), eq(studentTippSites.isActive, true)))
        .limit(1);
      if (site) errors.exemptProgram = [TIPP_MSG.exemptionWithSites];
    }
    if (Object.keys(errors).length) throw new AppError(400, 'VALIDATION', Object.values(errors)[0]![0]!, errors);
    // An exempt exchange visitor sends only the exemption: the participant's answers are not kept.
    const values = input.exemptProgram
      ? {
          exemptProgram: input.exemptProgram,
          isIwt: null,
          email: '',
          fieldOfStudy: '',
          yearsOfExperience: null,
          typeOfDegree: '',
          degreeDate: null,
        }
      : input;
    const [after] = before
      ? await tx
          .update(studentTipps)
          .set({ ...values, updatedAt: new Date() })
          .where(eq(studentTipps.id, before.id))
          .returning()
      : await tx
          .insert(studentTipps)
          .values({ institutionId: ctx.institutionId, profileId, ...values })
          .returning();
    const fields = ['exemptProgram', 'isIwt', 'email', 'fieldOfStudy', 'yearsOfExperience', 'typeOfDegree', 'degreeDate'] as const;
    const changed = fields.filter((f) => JSON.stringify(before?.[f] ?? null) !== JSON.stringify(after![f] ?? null));
    // An exemption reaches SEVIS only with the Create (its change was refused above once the Create has gone).
    const raised =
      changed.length && (!after!.exemptProgram || (await changeRidesCreate(tx, p)))
        ? await raiseTippChange(tx, ctx, p, { kind: 'participant' })
        : [];
    await auditTipp(
      tx,
      ctx,
      profileId,
      before ? 'student.tipp.participant.updated' : 'student.tipp.created',
      before ? Object.fromEntries(changed.map((f) => [f, before[f]])) : null,
      { ...Object.fromEntries(changed.map((f) => [f, after![f]])), sevisEvents: raised },
    );
    return presentTipp(tx, ctx, p);
  });
}

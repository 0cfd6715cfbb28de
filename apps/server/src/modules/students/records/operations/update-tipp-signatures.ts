import { and, eq } from 'drizzle-orm';
import { tippSignatureDateIssue, type studentsApi as S } from '@meridian/domain';
import type { z } from 'zod';
import { AppError, type TFieldErrors } from '../../../../platform/errors/app-error.js';
import type { TContext } from '../../../../platform/http/context.js';
import { studentTippPhases, studentTippSites } from '../../schema.js';
import { auditTipp, editableTippRecord, loadTippSite, presentTipp } from '../tipp-fields.js';
import { raiseTippChange } from '../tipp-events.js';

type TInput = z.output<typeof S.ZTippSignaturesInput>;

/**
 * Records when a T/IPP site's plan was signed (EV schema 6.27 TippSignatureDates): the program official
 * (their SEVIS user name, S2259, with the date), the exchange visitor, each phase's supervisor. A date
 * is never after the office's today nor before 1900 (S2271).
 */
export async function updateTippSignatures(ctx: TContext, profileId: string, siteId: string, input: TInput) {
  return ctx.db(async (tx) => {
    const p = await editableTippRecord(tx, ctx, profileId);
    const site = await loadTippSite(tx, profileId, siteId);
    const phases = await tx
      .select()
      .from(studentTippPhases)
      .where(and(eq(studentTippPhases.siteId, siteId), eq(studentTippPhases.isActive, true)));
    const today = ctx.today();
    const errors: TFieldErrors = {};
    for (const f of ['officialSignatureDate', 'evSignatureDate'] as const) {
      const issue = tippSignatureDateIssue(input[f], today);
      if (issue) errors[f] = [issue];
    }
    input.phases.forEach((x, i) => {
      if (!phases.some((ph) => ph.id === x.phaseId)) errors[`phases.${i}.phaseId`] = ['This phase is not one of the site’s.'];
      const issue = tippSignatureDateIssue(x.supervisorSignatureDate, today);
      if (issue) errors[`phases.${i}.supervisorSignatureDate`] = [issue];
    });
    if (Object.keys(errors).length) throw new AppError(400, 'VALIDATION', Object.values(errors)[0]![0]!, errors);
    const now = new Date();
    const [after] = await tx
      .update(studentTippSites)
      .set({
        officialUserName: input.officialUserName,
        officialSignatureDate: input.officialSignatureDate,
        evSignatureDate: input.evSignatureDate,
        updatedAt: now,
      })
      .where(eq(studentTippSites.id, siteId))
      .returning();
    const changedPhases: { tippPhaseId: string; from: string | null; to: string | null }[] = [];
    for (const x of input.phases) {
      const ph = phases.find((y) => y.id === x.phaseId)!;
      if (ph.supervisorSignatureDate === x.supervisorSignatureDate) continue;
      await tx
        .update(studentTippPhases)
        .set({ supervisorSignatureDate: x.supervisorSignatureDate, updatedAt: now })
        .where(eq(studentTippPhases.id, ph.id));
      changedPhases.push({ tippPhaseId: ph.id, from: ph.supervisorSignatureDate, to: x.supervisorSignatureDate });
    }
    const siteChanged =
      site.officialUserName !== after!.officialUserName ||
      site.officialSignatureDate !== after!.officialSignatureDate ||
      site.evSignatureDate !== after!.evSignatureDate;
    const raised = siteChanged || changedPhases.length ? await raiseTippChange(tx, ctx, p, { kind: 'signatures', site: after! }) : [];
    await auditTipp(
      tx,
      ctx,
      profileId,
      'student.tipp.signatures.updated',
      {
        tippSiteId: siteId,
        officialUserName: site.officialUserName,
        officialSignatureDate: site.officialSignatureDate,
        evSignatureDate: site.evSignatureDate,
      },
      {
        tippSiteId: siteId,
        officialUserName: after!.officialUserName,
        officialSignatureDate: after!.officialSignatureDate,
        evSignatureDate: after!.evSignatureDate,
        phases: changedPhases,
        sevisEvents: raised,
      },
    );
    return presentTipp(tx, ctx, p);
  });
}

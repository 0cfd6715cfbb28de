import { and, eq } from 'drizzle-orm';
import { completionErrors, completionFields, completionLookupChecks, completionPayload, type studentsApi as S } from '@meridian/domain';
import { writeAudit } from '../../../../platform/audit/audit.js';
import { AppError, badRequest, notFound } from '../../../../platform/errors/app-error.js';
import { type TContext } from '../../../../platform/http/context.js';
import { lookupStatuses } from '../../../lookups/index.js';
import { sevisPendingEvents, studentDependents, studentEmployments } from '../../schema.js';
import { getAccessibleProfile } from '../../student.policy.js';

/**
 * The officer supplies what a held-back SEVIS update lacks (docs/product/students-records.md#sevis-updates):
 * the values completionFields lists for its type (full or part time SEVIS Table 6, a SEVIS reason code
 * from Table 13 / 10 / 3 / 19 / 24, a J-2's DS-2019 purpose, an OPT employer's address and course
 * relevance, an extension's explanation) go into the update, the record keeps them where it has a
 * place for them (the employment's full or part time, the dependent's termination reason), and the
 * update goes back to the queue ('pending') for the next batch, which checks it again.
 */
export async function completeSevisEvent(
  ctx: TContext,
  profileId: string,
  eventId: string,
  values: Record<string, string>,
): Promise<S.TSevisEvent> {
  return ctx.db(async (tx) => {
    const p = await getAccessibleProfile(tx, ctx, profileId, 'edit');
    const [e] = await tx
      .select()
      .from(sevisPendingEvents)
      .where(and(eq(sevisPendingEvents.id, eventId), eq(sevisPendingEvents.profileId, p.id)))
      .for('update');
    if (!e) throw notFound();
    if (e.status !== 'held')
      throw new AppError(409, 'NOT_HELD', 'Only an update the batch held back can be completed here; this one is not held.');
    const fields = completionFields(e.eventType, e.action, p.visaType);
    if (!fields.length)
      throw new AppError(
        409,
        'NOT_COMPLETABLE',
        'This update takes nothing on this form: correct the record (its field is named in the message) and the next batch sends it.',
      );
    // An employer's state is one the office's list of U.S. states offers today (docs/product/lookups.md#how-forms-use-the-lists).
    const errors = completionErrors(fields, values, await lookupStatuses(tx, ctx, completionLookupChecks(fields, values)));
    if (Object.keys(errors).length) {
      const fieldErrors = Object.fromEntries(Object.entries(errors).map(([k, m]) => [`values.${k}`, m]));
      throw badRequest('Please correct the fields marked.', fieldErrors);
    }
    const supplied = completionPayload(values);
    const payload = { ...(e.payload ?? {}), ...supplied };
    const [after] = await tx
      .update(sevisPendingEvents)
      .set({ payload, status: 'pending', message: '', updatedAt: new Date() })
      .where(eq(sevisPendingEvents.id, e.id))
      .returning();
    const employmentId = typeof payload.employmentId === 'string' ? payload.employmentId : null;
    if (employmentId && typeof supplied.fullOrPartTime === 'string')
      await tx
        .update(studentEmployments)
        .set({ fullOrPartTime: supplied.fullOrPartTime, updatedAt: new Date() })
        .where(and(eq(studentEmployments.id, employmentId), eq(studentEmployments.profileId, p.id)));
    if (e.eventType === 'Dependent' && e.action === 'Terminate' && e.dependentId && typeof supplied.sevisReasonCode === 'string')
      await tx
        .update(studentDependents)
        .set({ terminationReasonCode: supplied.sevisReasonCode, updatedAt: new Date() })
        .where(and(eq(studentDependents.id, e.dependentId), eq(studentDependents.profileId, p.id)));
    await writeAudit(tx, {
      institutionId: ctx.institutionId,
      actorUserId: ctx.actor?.userId ?? null,
      entityType: 'student_profile',
      entityId: p.id,
      action: 'student.sevis-event.completed',
      before: { sevisEventId: e.id, status: e.status, message: e.message },
      after: { sevisEventId: e.id, eventType: e.eventType, action: e.action, status: 'pending', ...supplied },
      ip: ctx.ip,
    });
    const r = after!;
    return {
      id: r.id,
      eventType: r.eventType,
      action: r.action,
      status: 'pending',
      message: r.message,
      resultCode: r.resultCode,
      payload: r.payload ?? {},
      dependentId: r.dependentId,
      requestId: r.requestId,
      createdAt: r.createdAt.toISOString(),
      updatedAt: r.updatedAt.toISOString(),
    };
  });
}

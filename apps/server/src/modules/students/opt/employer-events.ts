import { and, eq, inArray, sql } from 'drizzle-orm';
import type { TTx } from '../../../platform/db/database.js';
import type { TContext } from '../../../platform/http/context.js';
import { sevisPendingEvents, type studentEmployments } from '../schema.js';
import { raiseEvent } from '../records/operations/raise-event.js';

type TEmploymentRow = typeof studentEmployments.$inferSelect;

/** What SEVIS's OPT employer event carries of an employer period (SEVIS OPTEmployer: EmploymentIdentifier + Employer). */
const employerPayload = (r: TEmploymentRow) => ({
  employmentId: r.id,
  optPhase: r.optPhase,
  authorizedStartDate: r.authorizedStartDate,
  authorizedEndDate: r.authorizedEndDate,
  employerName: r.employerName,
  employerEin: r.employerEin,
  jobTitle: r.jobTitle,
  employerAddress: r.employerAddress,
  startDate: r.startDate,
  endDate: r.endDate,
  fullOrPartTime: r.fullOrPartTime,
  ...(typeof r.details?.courseRelevance === 'string' && r.details.courseRelevance ? { courseRelevance: r.details.courseRelevance } : {}),
});

/**
 * Staff record an employer on OPT Students & Employers: SEVIS hears it as OPTEmployer / Add
 * (docs/product/students-opt.md#employers). One event per employer (merge off: two employers added
 * before a batch are two SEVIS updates).
 */
export async function raiseEmployerAdded(tx: TTx, ctx: TContext, row: TEmploymentRow): Promise<void> {
  await raiseEvent(tx, ctx, {
    profileId: row.profileId,
    eventType: 'OPTEmployer',
    action: 'Add',
    payload: employerPayload(row),
    merge: false,
  });
}

/**
 * Staff change or end an employer (an end date is how SEVIS ends an OPT employer: OPTEmployer / Edit,
 * identified by the employer's name and start date as SEVIS has them). An employer SEVIS has not heard
 * of yet (its Add still waits for a batch, or was held back) has that Add refreshed instead: SEVIS
 * cannot edit what it does not have.
 */
export async function raiseEmployerChanged(tx: TTx, ctx: TContext, before: TEmploymentRow, after: TEmploymentRow): Promise<void> {
  const [waitingAdd] = await tx
    .select({ id: sevisPendingEvents.id, payload: sevisPendingEvents.payload })
    .from(sevisPendingEvents)
    .where(
      and(
        eq(sevisPendingEvents.profileId, after.profileId),
        eq(sevisPendingEvents.eventType, 'OPTEmployer'),
        eq(sevisPendingEvents.action, 'Add'),
        inArray(sevisPendingEvents.status, ['pending', 'held']),
        sql`${sevisPendingEvents.payload}->>'employmentId' = ${after.id}`,
      ),
    )
    .limit(1);
  if (waitingAdd) {
    await tx
      .update(sevisPendingEvents)
      .set({ payload: { ...waitingAdd.payload, ...employerPayload(after) }, status: 'pending', message: '', updatedAt: new Date() })
      .where(eq(sevisPendingEvents.id, waitingAdd.id));
    return;
  }
  await raiseEvent(tx, ctx, {
    profileId: after.profileId,
    eventType: 'OPTEmployer',
    action: 'Edit',
    payload: { ...employerPayload(after), previousEmployerName: before.employerName, previousStartDate: before.startDate },
    merge: false,
  });
}

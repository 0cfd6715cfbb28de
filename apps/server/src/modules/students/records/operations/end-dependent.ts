import { eq } from 'drizzle-orm';
import type { TTx } from '../../../../platform/db/database.js';
import { AppError } from '../../../../platform/errors/app-error.js';
import type { TContext } from '../../../../platform/http/context.js';
import { studentDependents } from '../../schema.js';
import type { TProfileRow } from '../../student.policy.js';
import { raiseEvent } from './raise-event.js';
import { dependentSevisPayload, loadDependent } from '../dependent-fields.js';

type TRow = typeof studentDependents.$inferSelect;

export const DEPENDENT_ALREADY_TERMINATED = 'This dependent is already terminated.';

/**
 * Ends a dependent's status in the caller's transaction and queues SEVIS's termination with the reason
 * (docs/product/students-records.md#dependents): the office's Terminate on the Dependents tab, and an approved
 * Several Dependents request. The reason is a code of the office's lists (F-2: Table 3; J-2: Table 19 for a termination,
 * END- and Table 18's code for the end of its program: dependentReasonGroups), or, from a request saved before, one of
 * our words that the batch sends as SEVIS's code (F-2) or as the J-2's End Status; the exchange visitor batch's
 * termination carries its effective date, the office's today. 404 when the dependent
 * is not the record's, 409 when it is already terminated.
 */
export async function endDependent(
  tx: TTx,
  ctx: TContext,
  p: Pick<TProfileRow, 'id' | 'sevisId'>,
  dependentId: string,
  o: {
    reasonCode: string;
    remarks: string;
    /** SEVIS's other remarks (reason 09 OTHER: SEVIS S1034 F-2, S2222 / S2130 J-2). */
    otherRemarks?: string | undefined;
    requestId?: string | null | undefined;
    notFoundMessage?: string | undefined;
  },
): Promise<{ before: TRow; after: TRow }> {
  const before = await loadDependent(tx, p.id, dependentId, o.notFoundMessage);
  if (before.status === 'Terminated') throw new AppError(409, 'DEPENDENT_TERMINATED', DEPENDENT_ALREADY_TERMINATED);
  const [after] = await tx
    .update(studentDependents)
    .set({ status: 'Terminated', terminationReasonCode: o.reasonCode, needsSevisUpdate: true, updatedAt: new Date() })
    .where(eq(studentDependents.id, dependentId))
    .returning();
  await raiseEvent(tx, ctx, {
    profileId: p.id,
    dependentId,
    requestId: o.requestId,
    eventType: 'Dependent',
    action: 'Terminate',
    payload: {
      ...dependentSevisPayload(after!, p.sevisId),
      reasonCode: o.reasonCode,
      sevisReasonCode: o.reasonCode,
      remarks: o.remarks,
      ...(o.otherRemarks ? { otherRemarks: o.otherRemarks } : {}),
      effectiveDate: ctx.today(),
    },
  });
  return { before, after: after! };
}

import { statusChangeIssue, statusReasonLookup, type TEndingStatus } from '@meridian/domain';
import type { TTx } from '../../../platform/db/database.js';
import { fieldError } from '../../../platform/errors/app-error.js';
import type { TContext } from '../../../platform/http/context.js';
import { lookupStatuses } from '../../lookups/index.js';
import type { TProfileRow } from '../student.policy.js';
import { raiseEvent } from './operations/raise-event.js';

/** Our record status to SEVIS's Status action (student schema Status: Terminate, Complete, Cancel). */
const STATUS_ACTION: Record<TEndingStatus, 'Terminate' | 'Complete' | 'Cancel'> = {
  Terminated: 'Terminate',
  Completed: 'Complete',
  Canceled: 'Cancel',
};

/**
 * The reason SEVIS needs with a status change, checked before the record changes (400 on the field): one the
 * office's list offers today (docs/product/lookups.md#how-forms-use-the-lists); a status change gives it anew.
 */
export async function assertStatusChange(
  tx: TTx,
  ctx: TContext,
  before: TProfileRow,
  status: string | undefined,
  reasonCode: string | undefined,
): Promise<void> {
  if (status === undefined) return;
  const ref = statusReasonLookup(before.visaType, status);
  const lookups = ref && reasonCode ? await lookupStatuses(tx, ctx, [{ ref, value: reasonCode }]) : null;
  const issue = statusChangeIssue(before.visaType, before.sevisStatus, status, reasonCode, lookups);
  if (issue) throw fieldError(issue.field, issue.message);
}

/**
 * Ending a record SEVIS knows raises its Status event (docs/product/students-records.md#sevis-status):
 * Terminated → Status/Terminate with the officer's SEVIS Table 13 reason (J-1: SEVIS Table 24, with the
 * effective date SEVIS's exchange visitor batch requires); Completed → Status/Complete (SEVIS asks no
 * reason); Canceled → Status/Cancel with the SEVIS Table 10 reason. A record without a SEVIS ID has
 * nothing in SEVIS to end. Returns the event raised ('Status/Terminate'), or null.
 */
export async function raiseStatusEvent(
  tx: TTx,
  ctx: TContext,
  before: TProfileRow,
  after: TProfileRow,
  reasonCode: string | undefined,
  remarks: string | undefined,
): Promise<string | null> {
  if (before.sevisStatus === after.sevisStatus || !after.sevisId) return null;
  const action = STATUS_ACTION[after.sevisStatus as TEndingStatus] as string | undefined;
  if (!action) return null;
  await raiseEvent(tx, ctx, {
    profileId: after.id,
    eventType: 'Status',
    action,
    payload: statusEventPayload(before, after, { reasonCode, remarks, effectiveDate: after.sevisStatusDate ?? ctx.today() }),
  });
  return `Status/${action}`;
}

/**
 * What a Status event carries (the office's status edit and an approved Terminate SEVIS Record request): the
 * record, the status it leaves, SEVIS's reason, the effective date (the exchange visitor batch's Terminate needs
 * it), other remarks (SEVIS S1059 / S2222) and remarks.
 */
export function statusEventPayload(
  before: Pick<TProfileRow, 'sevisStatus'>,
  after: Pick<TProfileRow, 'sevisId' | 'visaType' | 'campusSiteId'>,
  o: { reasonCode?: string | undefined; remarks?: string | undefined; otherRemarks?: string | undefined; effectiveDate: string },
): Record<string, unknown> {
  return {
    sevisId: after.sevisId,
    visaType: after.visaType,
    campusSiteId: after.campusSiteId,
    previousStatus: before.sevisStatus,
    ...(o.reasonCode ? { sevisReasonCode: o.reasonCode } : {}),
    effectiveDate: o.effectiveDate,
    ...(o.otherRemarks ? { otherRemarks: o.otherRemarks } : {}),
    remarks: o.remarks ?? '',
  };
}

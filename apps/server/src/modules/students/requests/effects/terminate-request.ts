import { and, eq, sql } from 'drizzle-orm';
import {
  EV_TERMINATION_LOOKUP,
  F1_TERMINATION_LOOKUP,
  LOOKUP_MSG,
  lookupValueFits,
  statusChangeIssue,
  usDate,
  type TLookupRef,
} from '@meridian/domain';
import type { TTx } from '../../../../platform/db/database.js';
import { AppError, badRequest } from '../../../../platform/errors/app-error.js';
import { lookupLists, lookupValues } from '../../../lookups/index.js';
import { statusEventPayload } from '../../records/status-change.js';
import type { TProfileRow } from '../../student.policy.js';
import { dateOrNull, isEv, str, type TApprovalEffect, type TData } from './approval-effect.js';

/**
 * Approving the office's Terminate SEVIS Record (docs/product/students-requests.md#the-offices-own-requests): the record
 * becomes Terminated and SEVIS hears Status/Terminate with the reason, as the office's own status edit raises it
 * (records/status-change.ts): an F-1 with SEVIS Table 13's reason (other remarks only with 16, SEVIS S1059 / S1104);
 * a J-1 with Table 24's and the effective date the exchange visitor schema requires (other remarks with OTHER, S2222).
 * SEVIS terminates an Initial or Active F-1 record and an Active exchange visitor record; a record SEVIS does not
 * know (no SEVIS ID) has nothing to terminate there. The reason is one of the office's list for the record's visa
 * (docs/product/lookups.md): checked offered today when the request was saved and submitted; one retired since is
 * the request's own value and stays valid.
 */
export async function approveTerminateRequest(d: TData, p: TProfileRow, tx: TTx, today: string): Promise<TApprovalEffect> {
  if (p.sevisStatus === 'Terminated') throw new AppError(409, 'ALREADY_TERMINATED', 'This record is already terminated.');
  const ev = isEv(p);
  if (ev ? p.sevisStatus !== 'Active' : p.sevisStatus !== 'Active' && p.sevisStatus !== 'Initial')
    throw badRequest(
      ev
        ? `SEVIS terminates only an Active exchange visitor record; this one is ${p.sevisStatus}.`
        : `SEVIS terminates an Initial or Active student record; this one is ${p.sevisStatus}.`,
    );
  const reason = str(d, 'termination_reason');
  // The record's visa may have changed since the request was filled in: the reason must be of its table.
  const issue = statusChangeIssue(p.visaType, p.sevisStatus, 'Terminated', reason);
  if (issue) throw badRequest(issue.message, { 'data.termination_reason': [issue.message] });
  const listed = await listedReason(tx, ev ? EV_TERMINATION_LOOKUP : F1_TERMINATION_LOOKUP, reason);
  if (!listed) throw badRequest(LOOKUP_MSG.notInList, { 'data.termination_reason': [LOOKUP_MSG.notInList] });
  const effectiveDate = (ev ? dateOrNull(d, 'termination_effective_date') : null) ?? today;
  const label = listed.label;
  const after = { ...p, sevisStatus: 'Terminated', sevisStatusDate: effectiveDate };
  return {
    auditAction: 'student.record-terminated',
    told: `The office terminated your SEVIS record (${label.toLowerCase()}) effective ${usDate(effectiveDate)}. Please contact the office.`,
    profileSet: { sevisStatus: 'Terminated', sevisStatusDate: effectiveDate },
    ...(p.sevisId
      ? {
          event: {
            eventType: 'Status' as const,
            action: 'Terminate',
            payload: statusEventPayload(p, after, {
              reasonCode: reason,
              effectiveDate,
              otherRemarks: str(d, 'termination_other_remarks') || undefined,
              remarks: str(d, 'termination_remarks'),
            }),
          },
        }
      : {}),
  };
}

/** The reason's value on the office's list (retired or not), or null when the list does not have it for this field. */
async function listedReason(tx: TTx, ref: TLookupRef, code: string): Promise<{ label: string } | null> {
  const rows = await tx
    .select({ label: lookupValues.label, attributes: lookupValues.attributes })
    .from(lookupValues)
    .innerJoin(lookupLists, eq(lookupLists.id, lookupValues.listId))
    .where(and(eq(lookupLists.key, ref.key), sql`upper(${lookupValues.code}) = ${code.toUpperCase()}`));
  return rows.find((v) => lookupValueFits(ref, v)) ?? null;
}

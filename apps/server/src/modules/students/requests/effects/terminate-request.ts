import { statusChangeIssue, statusReasonCodes, usDate } from '@meridian/domain';
import type { TTx } from '../../../../platform/db/database.js';
import { AppError, badRequest } from '../../../../platform/errors/app-error.js';
import { statusEventPayload } from '../../records/status-change.js';
import type { TProfileRow } from '../../student.policy.js';
import { dateOrNull, isEv, str, type TApprovalEffect, type TData } from './approval-effect.js';

/**
 * Approving the office's Terminate SEVIS Record (docs/product/students-requests.md#the-offices-own-requests): the record
 * becomes Terminated and SEVIS hears Status/Terminate with the reason, as the office's own status edit raises it
 * (records/status-change.ts): an F-1 with SEVIS Table 13's reason (other remarks only with 16, SEVIS S1059 / S1104);
 * a J-1 with Table 24's and the effective date the exchange visitor schema requires (other remarks with OTHER, S2222).
 * SEVIS terminates an Initial or Active F-1 record and an Active exchange visitor record; a record SEVIS does not
 * know (no SEVIS ID) has nothing to terminate there.
 */
export function approveTerminateRequest(d: TData, p: TProfileRow, _tx: TTx, today: string): TApprovalEffect {
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
  const effectiveDate = (ev ? dateOrNull(d, 'termination_effective_date') : null) ?? today;
  const label = statusReasonCodes(p.visaType, 'Terminated').find((c) => c.code === reason)?.label ?? reason;
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

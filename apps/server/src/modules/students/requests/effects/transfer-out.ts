import { usDate } from '@meridian/domain';
import type { TProfileRow } from '../../student.policy.js';
import { dateOrNull, isEv, str, type TApprovalEffect, type TData } from './approval-effect.js';

/**
 * Approving a transfer out records the new school and the release date on the record. SEVIS's batch
 * has no transfer event (transfers are made in SEVIS RTI): the History Log and the student say so
 * instead of queuing anything.
 */
export function approveTransferOut(d: TData, p: TProfileRow): TApprovalEffect {
  const release = dateOrNull(d, 'transfer_release_date');
  const school = str(d, 'transfer_school_name');
  // An F-1's new school by its SEVIS school code, an exchange visitor's new sponsor by its program number.
  const code = str(d, isEv(p) ? 'transfer_program_number' : 'transfer_school_code');
  return {
    auditAction: 'student.transfer-out-approved',
    told: `Your transfer to ${school} is approved; the office releases your SEVIS record in SEVIS RTI on ${release ? usDate(release) : 'the release date'}.`,
    profileSet: {
      transferDirection: 'out',
      transferSchool: code ? `${school} (${code})`.slice(0, 120) : school,
      transferReleaseDate: release,
    },
    doneInRti: 'SEVIS has no batch event for a transfer: release the record in SEVIS RTI on the release date.',
  };
}

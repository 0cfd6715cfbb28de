import type { TAddress } from '../../schema.js';
import type { TProfileRow } from '../../student.policy.js';
import { dateOrNull, isEv, str, type TApprovalEffect, type TData, type TProfileSet } from './approval-effect.js';

/**
 * Approving a transfer in records the previous school on the student's record and queues SEVIS's
 * transfer-in create, which replaces any pending Create of the record: SEVIS already has the student
 * from the previous school (a school transfer keeps the SEVIS record, 8 CFR 214.2(f)(8)) (raiseEvent supersedes it; docs/decisions/019-sevis-events-reach-sevis-once.md).
 */
export function approveTransferIn(d: TData, p: TProfileRow): TApprovalEffect {
  const foreignAddress: TAddress = {
    line1: str(d, 'foreign_address_line_1'),
    line2: str(d, 'foreign_address_line_2'),
    city: str(d, 'foreign_city'),
    state: str(d, 'foreign_state_cd'),
    postalCode: str(d, 'foreign_zip_code'),
    // Only a two-letter code goes into the country-code field (the form asks for one; a word typed before that rule is left out).
    countryCode: /^[A-Za-z]{2}$/.test(str(d, 'foreign_country')) ? str(d, 'foreign_country').toUpperCase() : '',
  };
  const set: TProfileSet = {
    transferDirection: 'in',
    transferSchool: str(d, 'previous_school_name'),
    transferReleaseDate: dateOrNull(d, 'sevis_release_date'),
    programStartDate: dateOrNull(d, 'transfer_program_start_date') ?? p.programStartDate,
    ...(foreignAddress.line1 ? { foreignAddress } : {}),
    ...(str(d, 'phone_number') ? { phone: str(d, 'phone_number') } : {}),
  };
  if (isEv(p)) {
    // SEVIS's exchange visitor batch creates only new records (EVCreateReasonType NEW): the previous sponsor transfers the record in SEVIS.
    const number = str(d, 'previous_program_number');
    return {
      auditAction: 'student.transfer-in-approved',
      told: 'Your transfer in is approved; your current sponsor transfers your SEVIS record to us, and the office completes it in SEVIS.',
      profileSet: { ...set, ...(number ? { transferSchool: `${set.transferSchool} (${number})`.slice(0, 120) } : {}) },
      doneInRti:
        "SEVIS's exchange visitor batch has no transfer: the previous sponsor transfers the record in SEVIS RTI, and the office accepts it there.",
    };
  }
  return {
    auditAction: 'student.transfer-in-approved',
    told: 'Your transfer in is approved; the office will create your record here in SEVIS.',
    profileSet: set,
    event: {
      eventType: 'Create',
      action: 'TransferIn',
      payload: {
        ...set,
        previousSchoolCode: str(d, 'previous_school_code'),
        previousSevisId: str(d, 'previous_sevis_id'),
      },
    },
  };
}

import { str, type TApprovalEffect, type TData, NOTHING_CHANGED, type TProfileSet } from './approval-effect.js';

/** Approving a contact update changes the U.S. address, phone and e-mail given; SEVIS hears them as a staff edit would (PersonalInfo / Address). */
export function approveContactInfoUpdate(d: TData): TApprovalEffect {
  const set: TProfileSet = {};
  if (str(d, 'us_address_line_1'))
    set.usAddress = {
      line1: str(d, 'us_address_line_1'),
      line2: str(d, 'us_address_line_2'),
      city: str(d, 'us_city'),
      state: str(d, 'us_state'),
      postalCode: str(d, 'us_zip_code'),
      countryCode: 'US',
    };
  if (str(d, 'new_phone')) set.phone = str(d, 'new_phone');
  if (str(d, 'new_email')) set.email = str(d, 'new_email');
  return {
    auditAction: 'student.contact-updated',
    told: Object.keys(set).length ? 'Your contact information is updated; the office will report it to SEVIS.' : NOTHING_CHANGED,
    profileSet: set,
    recordEvents: true,
  };
}

// Rules on a student record's values that hold wherever a value comes from (the record's form, a
// student's correction, a batch upload): kept apart from the contracts so the upload's rules can use
// them without importing the contracts.

export const MSG_FOREIGN_PHONE_CODE = 'Enter the country calling code, 1 to 4 digits (e.g. 91 for India)';

/** The largest amount a record's financial figure takes (whole U.S. dollars). */
export const MAX_MONEY_AMOUNT = 9999999;

/** A foreign phone number needs its country calling code (SEVIS TelephoneType Foreign CountryNumber). */
export function foreignPhoneIssue(v: {
  foreignPhone?: string | null | undefined;
  foreignPhoneCountryCode?: string | null | undefined;
}): string | null {
  return (v.foreignPhone ?? '').trim() && !(v.foreignPhoneCountryCode ?? '').trim() ? MSG_FOREIGN_PHONE_CODE : null;
}

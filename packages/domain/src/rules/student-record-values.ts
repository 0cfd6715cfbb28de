// Rules on a student record's values that hold wherever a value comes from (the record's form, a
// student's correction, a batch upload): kept apart from the contracts so the upload's rules can use
// them without importing the contracts.
import type { TLookupRef } from './lookup-values.js';

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

/**
 * A record's gender is a code of the office's `genders` list, SEVIS Table 36 (docs/product/lookups.md#how-forms-use-the-lists):
 * M, F, U (unknown). Table 36 says U is not for an exchange visitor: a J-1's gender is one of the codes with the
 * list's `ev` attribute.
 */
export const GENDER_LOOKUP: TLookupRef = { key: 'genders' };
export const EV_GENDER_LOOKUP: TLookupRef = { key: 'genders', where: { ev: 'Y' } };
/** The gender codes a record of this visa type may be given. */
export const genderLookup = (visaType: string | null | undefined): TLookupRef => (visaType === 'J-1' ? EV_GENDER_LOOKUP : GENDER_LOOKUP);
/** An exchange visitor given a gender that is not for an exchange visitor (U): said on the field. */
export const MSG_EV_GENDER = 'Choose female or male: SEVIS takes no other gender for an exchange visitor (SEVIS Table 36).';

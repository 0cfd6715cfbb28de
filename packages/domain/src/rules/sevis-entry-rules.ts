/**
 * SEVIS business rules an officer can fix while typing, checked where the data is entered (the
 * server answers 400 with the message on the field; the browser runs the same functions) and again
 * before a batch is built (a record that already breaks one is held back with the same words).
 * Each rule names its SEVIS validation error code (SEVIS Validation Error Codes); docs/sevis-rules.md
 * lists them. Dates are YYYY-MM-DD strings: `today` is the office's calendar day.
 */

export const SEVIS_RULE_MSG = {
  /** SEVIS S1148 / S2244: names hold the letters A to Z and single spaces only. */
  nameCharacters:
    'Use only the letters A to Z and single spaces, as in the passport’s machine-readable line: SEVIS refuses accents, hyphens, apostrophes and other marks (write José as Jose, Smith-Jones as Smith Jones).',
  /** SEVIS S1142 / S2245: placeholders are not names. */
  namePlaceholder: 'Enter the real name: SEVIS refuses FNU, LNU, Unknown, Not Applicable and None as a name.',
  /** SEVIS S1105 (F-2) / S1006 / S2119 (J-2): one spouse per principal. */
  secondSpouse: 'The student already has a spouse on the record: SEVIS takes only one. Terminate the other spouse first.',
  /** SEVIS S1014 (F-2) / S2121 (J-2), INA 101(b)(1): a child dependent is under 21. */
  childTooOld: (cutoff: string) =>
    `A child dependent must be under 21 (born after ${usDate(cutoff)}): SEVIS does not take a child of 21 or more as a dependent.`,
  /** 8 CFR 214.2(f)(3), U.S. Const. amend. XIV: a child born in the United States is a U.S. citizen, never an F-2. */
  usBornF2: 'A child born in the United States is a U.S. citizen and cannot be an F-2 dependent.',
  /** SEVIS S1058: SEVIS holds no U.S. citizen (student or F-2). */
  usCitizen: 'A U.S. citizen cannot have a SEVIS record: choose the country of citizenship.',
  /** SEVIS S1067 / S2133. */
  birthInFuture: 'The date of birth cannot be in the future.',
  /** SEVIS S2203: SEVIS refuses to delete the primary site of activity. */
  primarySiteDeactivate:
    'This is the primary site of activity: make another site primary first, then deactivate this one (SEVIS does not delete a primary site).',
  /** SEVIS S2201: SEVIS refuses to turn the primary site into a non-primary one. */
  primarySiteUnset:
    'This is the primary site of activity: to change it, make another site primary (SEVIS does not turn a primary site into a non-primary one).',
} as const;

function usDate(d: string): string {
  const [y, m, day] = d.split('-');
  return `${m}/${day}/${y}`;
}

const NAME = /^[A-Za-z]+( [A-Za-z]+)*$/;
const PLACEHOLDERS = new Set(['FNU', 'LNU', 'UNKNOWN', 'NOT APPLICABLE', 'NONE']);

/** What is wrong with a name for SEVIS (S1148 / S2244 characters, S1142 / S2245 placeholders), or null. Empty is for the required check. */
export function sevisNameIssue(name: string | null | undefined): string | null {
  const v = (name ?? '').trim();
  if (!v) return null;
  if (!NAME.test(v)) return SEVIS_RULE_MSG.nameCharacters;
  if (PLACEHOLDERS.has(v.toUpperCase())) return SEVIS_RULE_MSG.namePlaceholder;
  return null;
}

/**
 * Today minus 21 years: a child born on or before it is 21 or more today. SEVIS S1014 ("Dependent must
 * be born on or after [current date – 21 years]") would still take a child on the 21st birthday
 * itself; a child is under 21 (INA 101(b)(1)), so Meridian refuses from the birthday on. On 29
 * February the date 21 years back does not exist and is 28 February; a child born on 29 February
 * turns 21 on 1 March of a common year.
 */
export function childBirthCutoff(today: string): string {
  const [y, m, d] = today.split('-').map(Number) as [number, number, number];
  const year = y - 21;
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  const day = m === 2 && d === 29 && !leap ? 28 : d;
  return `${String(year).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

export interface TDependentFacts {
  id?: string | null | undefined;
  firstName?: string | null | undefined;
  lastName?: string | null | undefined;
  relationshipCode?: string | null | undefined;
  birthDate?: string | null | undefined;
  birthCountryCode?: string | null | undefined;
  citizenshipCountryCode?: string | null | undefined;
  status?: string | null | undefined;
}

/**
 * The SEVIS rules a dependent breaks, by field: names (S1148, S1142), a second spouse (S1105 /
 * S2119), a child aged 21 or more (S1014 / S2121), a birth date in the future (S1067 / S2133), an
 * F-2 born in or a citizen of the United States. `others` are the principal's other dependents (the
 * one being changed is skipped by id; terminated ones do not count).
 */
export function dependentSevisIssues(
  d: TDependentFacts,
  ctx: { visaType: string; today: string; others: readonly TDependentFacts[] },
): Partial<Record<'firstName' | 'lastName' | 'relationshipCode' | 'birthDate' | 'birthCountryCode' | 'citizenshipCountryCode', string>> {
  const out: ReturnType<typeof dependentSevisIssues> = {};
  const first = sevisNameIssue(d.firstName);
  if (first) out.firstName = first;
  const last = sevisNameIssue(d.lastName);
  if (last) out.lastName = last;
  if (
    d.relationshipCode === '01' &&
    ctx.others.some((o) => o.relationshipCode === '01' && o.status !== 'Terminated' && (!d.id || o.id !== d.id))
  )
    out.relationshipCode = SEVIS_RULE_MSG.secondSpouse;
  if (d.birthDate) {
    if (d.birthDate > ctx.today) out.birthDate = SEVIS_RULE_MSG.birthInFuture;
    else if (d.relationshipCode === '02' && d.birthDate <= childBirthCutoff(ctx.today))
      out.birthDate = SEVIS_RULE_MSG.childTooOld(childBirthCutoff(ctx.today));
  }
  if (ctx.visaType === 'F-1') {
    if ((d.birthCountryCode ?? '').toUpperCase() === 'US') out.birthCountryCode = SEVIS_RULE_MSG.usBornF2;
    if ((d.citizenshipCountryCode ?? '').toUpperCase() === 'US') out.citizenshipCountryCode = SEVIS_RULE_MSG.usCitizen;
  }
  return out;
}

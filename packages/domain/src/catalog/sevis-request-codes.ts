import type { TLookupRef } from '../rules/lookup-values.js';
import { EV_DEPENDENT_END_LOOKUP, type TSevisCode } from './sevis-reason-codes.js';

/**
 * SEVIS codes the student request forms offer (docs/product/students-requests.md#exchange-visitor-variants),
 * copies of the schema's lists (exchange visitor 6.27, student 6.55) restricted to what a request may send.
 * A server test checks each code against its XSD type (apps/server/test/student-request-catalogue.test.ts).
 */

/**
 * SEVIS's matriculation codes (exchange visitor SEVISTable.xsd MatriculationType: A, B, M, D): the degree a
 * J-1 student matriculates into, and the exchange visitor category (SEVIS Table 15) that degree is.
 */
export const MATRICULATION_CODES: readonly (TSevisCode & { category: string })[] = [
  { code: 'A', label: "Associate's degree", category: '1B' },
  { code: 'B', label: "Bachelor's degree", category: '1C' },
  { code: 'M', label: "Master's degree", category: '1D' },
  { code: 'D', label: 'Doctorate', category: '1E' },
];

/**
 * Why an exchange visitor's program ends before its end date, as a student gives it (exchange visitor schema
 * EVCompletionCodeType, Program/Shorten ShortenReason). The schema's APED and CSHS are left out: SEVIS's code
 * tables do not say what they mean, and DOE (death of the exchange visitor) is never the student's own request.
 */
export const EV_SHORTEN_REASONS: readonly TSevisCode[] = [
  { code: 'POCE', label: 'I completed my program objectives early' },
  { code: 'IFS', label: 'I do not have enough funds to continue' },
  { code: 'MEHE', label: 'A medical emergency: my own health' },
  { code: 'MEHF', label: 'A medical emergency: the health of a family member' },
  { code: 'WFP', label: 'I withdraw from the program' },
  { code: 'OTHR', label: 'Other' },
];
/** The ShortenReason of an exchange visitor who completes the program early (Complete Program Early). */
export const EV_COMPLETED_EARLY = 'POCE';

/**
 * The Terminate SEVIS Record request offers the office's termination reasons (sevis-reason-codes.ts
 * F1_TERMINATION_LOOKUP, EV_TERMINATION_LOOKUP; docs/product/lookups.md). SEVIS S1059 and S1104 (F-1): 16 "Otherwise failing to maintain status" needs other remarks, and no other
 * reason may carry them. SEVIS S2222 (J-1): OTHER needs other remarks.
 */
export const F1_TERMINATION_NEEDS_REMARKS = '16';
export const J1_TERMINATION_NEEDS_REMARKS = 'OTHER';

/**
 * The end of a dependent's status as the student reports it (Several Dependents request), from the office's lists
 * (docs/product/lookups.md): F-2 with SEVIS Table 3's 02 death, 03 child over 21, 04 divorce, 09 other; J-2 with the
 * reasons that end a J-2's program without a violation (SEVIS Table 18, the exchange visitor batch's End Status: 02
 * death, 04 divorce, 09 other). The office's own reasons (unauthorized employment, the principal's status ended, a
 * J-2's violations of Table 19) stay on the record's Dependents tab.
 */
export const F2_END_LOOKUP: TLookupRef = { key: 'dependent-termination-reasons', codes: ['02', '03', '04', '09'] };
export const J2_END_LOOKUP: TLookupRef = EV_DEPENDENT_END_LOOKUP;
/** The "other" reason (and the word requests saved before the lists kept): SEVIS wants other remarks with it (S1034 F-2, S2130 J-2). */
export const DEPENDENT_END_OTHER = ['09', 'OTHER'] as const;

/** A code list as form choices. */
export const asOptions = (codes: readonly TSevisCode[]) => codes.map((c) => ({ value: c.code, label: c.label }));

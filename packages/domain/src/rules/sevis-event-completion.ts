import { MSG } from '../messages.js';
import {
  EMPLOYMENT_TIME_LOOKUP,
  DEPENDENT_END_MSG,
  dependentReasonGroups,
  dependentReasonNeedsRemarks,
  statusReasonLookup,
  type TDependentReasonGroup,
  type TSevisCode,
} from '../catalog/sevis-reason-codes.js';
import { lookupIssue, type TLookupChecker, type TLookupKey, type TLookupRef } from './lookup-values.js';

/**
 * A SEVIS update the batch held back because it lacks something SEVIS requires can be completed by
 * the officer on the record's SEVIS Updates tab: these are the values each kind of update may take
 * (docs/product/students-records.md#sevis-updates). Saving them puts the values into the update and
 * sends it back to the queue for the next batch. The same list draws the form and checks it on the server.
 */
export type TCompletionField = {
  /** The update's payload key (employerAddress.* fields are assembled into one address). */
  name: string;
  label: string;
  kind: 'select' | 'text' | 'textarea';
  options?: readonly TSevisCode[];
  /** A select whose choices come from the office's code list, not `options` (docs/product/lookups.md#how-forms-use-the-lists). */
  lookup?: TLookupRef;
  /**
   * A select whose choices come from several lists in labelled groups, each value carrying its group's prefix (a J-2's
   * Table 19 termination and Table 18 end-program reasons: sevis-reason-codes.ts dependentReasonGroups).
   */
  groups?: readonly TDependentReasonGroup[];
  maxLength?: number;
  required: boolean;
  /** Required only when the other values say so (a dependent's other remarks with the reason OTHER). */
  requiredWhen?: (values: Record<string, string>) => boolean;
};

const FULL_PART: TCompletionField = {
  name: 'fullOrPartTime',
  label: 'Full or part time (SEVIS Table 6)',
  kind: 'select',
  lookup: EMPLOYMENT_TIME_LOOKUP,
  required: true,
};
const EMPLOYER: TCompletionField[] = [
  { name: 'employerAddress.line1', label: 'Employer address line 1', kind: 'text', maxLength: 60, required: true },
  { name: 'employerAddress.city', label: 'Employer city', kind: 'text', maxLength: 60, required: true },
  { name: 'employerAddress.state', label: 'Employer state', kind: 'select', lookup: { key: 'us-states' }, required: true },
  { name: 'employerAddress.postalCode', label: 'Employer ZIP code', kind: 'text', maxLength: 5, required: true },
  {
    name: 'courseRelevance',
    label: "How the job relates to the student's degree",
    kind: 'textarea',
    maxLength: 1000,
    required: true,
  },
  FULL_PART,
];

/** What an officer may supply to a held update of this type and action (empty: nothing to complete here). */
export function completionFields(eventType: string, action: string, visaType: string): TCompletionField[] {
  const reason = (choices: readonly TSevisCode[] | TLookupRef | null, table: string): TCompletionField => ({
    name: 'sevisReasonCode',
    label: `SEVIS reason (${table})`,
    kind: 'select',
    // A status's reasons come from the office's list (docs/product/lookups.md#how-forms-use-the-lists).
    ...(Array.isArray(choices) ? { options: choices } : choices ? { lookup: choices as TLookupRef } : { options: [] }),
    required: true,
  });
  switch (eventType) {
    case 'OPTEmployment':
      return [FULL_PART];
    case 'OPTEmployer':
      return EMPLOYER;
    case 'Status':
      if (action === 'Terminate')
        return [reason(statusReasonLookup(visaType, 'Terminated'), visaType === 'J-1' ? 'SEVIS Table 24' : 'SEVIS Table 13')];
      if (action === 'Cancel') return [reason(statusReasonLookup(visaType, 'Canceled'), 'SEVIS Table 10')];
      return [];
    case 'Dependent':
      // The office's lists (docs/product/lookups.md): F-2 Table 3; J-2 Table 19 (Terminate) or Table 18 (End program).
      if (action === 'Terminate')
        return [
          {
            name: 'sevisReasonCode',
            label: visaType === 'J-1' ? 'SEVIS reason (Terminate: Table 19, or End program: Table 18)' : 'SEVIS reason (SEVIS Table 3)',
            kind: 'select',
            groups: dependentReasonGroups(visaType),
            required: true,
          },
          {
            name: 'otherRemarks',
            label: 'Other remarks (needed with the reason “Other”)',
            kind: 'textarea',
            maxLength: 500,
            required: false,
            requiredWhen: (v) => dependentReasonNeedsRemarks(visaType, v.sevisReasonCode ?? ''),
          },
        ];
      if (action === 'Add' && visaType === 'J-1')
        return [
          {
            name: 'formPurpose',
            label: "The DS-2019's purpose for the dependent",
            kind: 'select',
            lookup: { key: 'ev-print-reasons' },
            required: true,
          },
        ];
      return [];
    case 'Program':
      if (action === 'Extension')
        return [
          { name: 'reason', label: 'Reason for the extension (SEVIS explanation)', kind: 'textarea', maxLength: 500, required: true },
        ];
      return [];
    default:
      return [];
  }
}

/** The code lists the fields read. */
export function completionLookupKeys(fields: readonly TCompletionField[]): TLookupKey[] {
  return [...new Set(fields.flatMap((f) => [...(f.lookup ? [f.lookup.key] : []), ...(f.groups ?? []).map((g) => g.ref.key)]))];
}

/** Each code-list value given, for the server's reader of the lists. */
export function completionLookupChecks(
  fields: readonly TCompletionField[],
  values: Record<string, string>,
): { ref: TLookupRef; value: string }[] {
  return fields.flatMap((f) => {
    const v = (values[f.name] ?? '').trim();
    if (!v) return [];
    if (f.lookup) return [{ ref: f.lookup, value: v }];
    const grouped = groupedValue(f, v);
    return grouped?.code ? [{ ref: grouped.ref, value: grouped.code }] : [];
  });
}

/** A grouped field's value: its group's list and the list's code (null when the field has no groups). */
function groupedValue(f: TCompletionField, v: string): { ref: TLookupRef; code: string } | null {
  if (!f.groups?.length) return null;
  const g = f.groups.find((x) => x.prefix && v.toUpperCase().startsWith(x.prefix)) ?? f.groups[0]!;
  return { ref: g.ref, code: v.slice(g.prefix.length) };
}

/**
 * Field messages for completion values (400 fieldErrors on the server, the same words in the browser). A code-list
 * value must be one the list offers today (the update is new); without `lookups` the lists are not checked.
 */
export function completionErrors(
  fields: TCompletionField[],
  values: Record<string, string>,
  lookups?: TLookupChecker | null,
): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  const known = new Set(fields.map((f) => f.name));
  for (const k of Object.keys(values)) if (!known.has(k)) errors[k] = [MSG.invalidValue];
  for (const f of fields) {
    const v = (values[f.name] ?? '').trim();
    if (!v) {
      if (f.required) errors[f.name] = [MSG.required];
      else if (f.requiredWhen?.(values)) errors[f.name] = [DEPENDENT_END_MSG.otherNeedsRemarks];
      continue;
    }
    const grouped = groupedValue(f, v);
    const listed = lookups
      ? f.lookup
        ? lookupIssue(lookups(f.lookup, v))
        : grouped
          ? lookupIssue(grouped.code ? lookups(grouped.ref, grouped.code) : 'unknown')
          : null
      : null;
    if (listed) errors[f.name] = [listed];
    else if (f.options && !f.options.some((o) => o.code === v)) errors[f.name] = [MSG.invalidValue];
    else if (f.maxLength !== undefined && v.length > f.maxLength) errors[f.name] = [MSG.invalidLength];
    else if (f.name === 'employerAddress.postalCode' && !/^\d{5}$/.test(v)) errors[f.name] = [MSG.invalidNumber];
  }
  return errors;
}

/** The values as the update's payload holds them (employerAddress.* become one U.S. address). */
export function completionPayload(values: Record<string, string>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const address: Record<string, string> = {};
  for (const [k, raw] of Object.entries(values)) {
    const v = raw.trim();
    if (k.startsWith('employerAddress.')) address[k.slice('employerAddress.'.length)] = v;
    else out[k] = v;
  }
  if (Object.keys(address).length) out.employerAddress = { line2: '', ...address, countryCode: 'US' };
  return out;
}

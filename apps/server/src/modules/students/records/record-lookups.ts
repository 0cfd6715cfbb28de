import { studentsApi, type TLookupRef } from '@meridian/domain';
import type { TTx } from '../../../platform/db/database.js';
import { badRequest } from '../../../platform/errors/app-error.js';
import type { TContext } from '../../../platform/http/context.js';
import { assertLookupFields, lookupStatuses, type TLookupFieldChange } from '../../lookups/index.js';

const BIRTH: TLookupRef = { key: 'birth-countries', by: 'iso' };
const RESIDENCE: TLookupRef = { key: 'citizenship-countries', by: 'iso' };
const STUDENT_CIP: TLookupRef = { key: 'subject-fields', where: { student: 'Y' } };

/**
 * The record's fields whose values come from the office's code lists (docs/product/lookups.md#how-forms-use-the-lists),
 * named as the record's forms name them: records keep a country's ISO code.
 */
export const RECORD_LOOKUP_FIELDS: readonly { field: string; ref: TLookupRef }[] = [
  { field: 'birthCountryCode', ref: BIRTH },
  { field: 'citizenshipCountryCode', ref: RESIDENCE },
  { field: 'permanentResidenceCountryCode', ref: RESIDENCE },
  { field: 'educationLevel', ref: { key: 'education-levels' } },
  { field: 'major1Code', ref: STUDENT_CIP },
  { field: 'major2Code', ref: STUDENT_CIP },
  { field: 'minorCode', ref: STUDENT_CIP },
  { field: 'subjectFieldCode', ref: { key: 'subject-fields', where: { ev: 'Y' } } },
  { field: 'evCategoryCode', ref: { key: 'ev-categories' } },
  { field: 'evPositionCode', ref: { key: 'ev-positions' } },
  { field: 'usAddress.state', ref: { key: 'us-states' } },
  { field: 'suffix', ref: { key: 'name-suffixes' } },
  { field: 'foreignAddress.countryCode', ref: RESIDENCE },
];

function valueAt(values: Record<string, unknown>, path: string): string | undefined {
  const [head, part] = path.split('.') as [string, string | undefined];
  const v = part ? (values[head] as Record<string, unknown> | null | undefined)?.[part] : values[head];
  return typeof v === 'string' ? v : undefined;
}

/**
 * Refuses, on its field, a value a staff member gives a record that its code list does not offer today; a value
 * the record already holds is kept even when retired since (docs/product/lookups.md#retiring-a-value).
 */
export async function assertRecordLookups(
  tx: TTx,
  ctx: TContext,
  before: Record<string, unknown> | null,
  values: Record<string, unknown>,
): Promise<void> {
  const changes: TLookupFieldChange[] = [];
  const visaType = valueAt(values, 'visaType') ?? (before ? valueAt(before, 'visaType') : undefined);
  for (const { field, ref } of [...RECORD_LOOKUP_FIELDS, { field: 'gender', ref: studentsApi.genderLookup(visaType) }]) {
    const value = valueAt(values, field);
    if (value === undefined) continue;
    changes.push({ field, ref, value, before: before ? (valueAt(before, field) ?? null) : undefined });
  }
  await assertEvGender(tx, ctx, changes);
  await assertLookupFields(tx, ctx, changes);
}

/**
 * An exchange visitor given anew a gender SEVIS's list has but not for an exchange visitor (U, SEVIS Table 36) is told
 * so on the field, rather than that the list lacks the code.
 */
async function assertEvGender(tx: TTx, ctx: TContext, changes: readonly TLookupFieldChange[]): Promise<void> {
  const g = changes.find((c) => c.field === 'gender' && c.ref === studentsApi.EV_GENDER_LOOKUP);
  if (!g || !g.value.trim() || g.value.trim().toUpperCase() === (g.before ?? '').trim().toUpperCase()) return;
  const check = await lookupStatuses(tx, ctx, [{ ref: studentsApi.GENDER_LOOKUP, value: g.value }]);
  if (check(studentsApi.EV_GENDER_LOOKUP, g.value) === 'unknown' && check(studentsApi.GENDER_LOOKUP, g.value) !== 'unknown')
    throw badRequest(studentsApi.MSG_EV_GENDER, { gender: [studentsApi.MSG_EV_GENDER] });
}

import { isEmptyValue, type TLookupRef } from '@meridian/domain';
import { useFormatDates } from '../../../../app/office-dates';
import { LookupText } from '../../../lookups';
import { displayValue } from './record-format';
import { CONTACT_FIELDS, EV_FIELDS, IDENTITY_FIELDS, PROGRAM_FIELDS } from './record-fields';

/** The record's fields that hold a code of one of the office's lists, by name. */
const LOOKUP_FIELDS: ReadonlyMap<string, TLookupRef> = new Map(
  [...IDENTITY_FIELDS, ...CONTACT_FIELDS, ...PROGRAM_FIELDS, ...EV_FIELDS].flatMap((f) =>
    f.kind === 'lookup' && f.lookup ? [[f.name, f.lookup] as const] : [],
  ),
);

/**
 * A value of a student record as people read it: a code of one of the office's lists in the list's words (with
 * its code; docs/product/lookups.md), dates in the office's format, the rest as displayValue words it. Nothing
 * for an empty value, so the caller says how empty reads.
 */
export function RecordValueText({ field, value, lookup }: { field: string; value: unknown; lookup?: TLookupRef | undefined }) {
  const dates = useFormatDates();
  if (isEmptyValue(value)) return null;
  const ref = lookup ?? LOOKUP_FIELDS.get(field);
  if (ref && typeof value === 'string') return <LookupText lookup={ref} value={value} />;
  return <>{displayValue(field, value, dates)}</>;
}

import { DEPENDENT_RELATIONSHIPS, EDUCATION_LEVELS, type studentsApi, textOf } from '@meridian/domain';
import { type TOfficeDates } from '../../../../app/office-dates';

/** MM/DD/YYYY → ISO; anything else is passed on as typed so the server says 'Invalid date' on the field. */
export function usToIso(us: string): string | null {
  const s = us.trim();
  if (!s) return null;
  const m = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(s);
  return m ? `${m[3]}-${m[1]!.padStart(2, '0')}-${m[2]!.padStart(2, '0')}` : s;
}

/** SEVIS Table 36 in words, for the read views and a dependent's M or F; the record's form reads the office's `genders` list. */
export const GENDERS = [
  { value: 'F', label: 'Female' },
  { value: 'M', label: 'Male' },
  { value: 'U', label: 'Unknown' },
];
// X ("another gender") is what records held before they kept SEVIS's U: older History Log entries still name it.
const genderLabel = (g: string) => GENDERS.find((x) => x.value === (g === 'X' ? 'U' : g))?.label ?? '';
export const educationLabel = (c: string) => (c ? `${EDUCATION_LEVELS.find((e) => e.code === c)?.label ?? c} (${c})` : '');
export const relationshipLabel = (c: string) => DEPENDENT_RELATIONSHIPS.find((r) => r.code === c)?.label ?? c;
type TAddr = studentsApi.TStudentAddressInput;
/** An address on one or two lines; '' when empty. */
export function addressText(a: TAddr | null | undefined): string {
  if (!a) return '';
  const street = [a.line1, a.line2].filter(Boolean).join(', ');
  const city = [a.city, [a.state, a.postalCode].filter(Boolean).join(' ')].filter(Boolean).join(', ');
  return [street, city, a.countryCode && a.countryCode !== 'US' ? a.countryCode : ''].filter(Boolean).join(' · ');
}

export const money = (v: unknown) => (v === undefined || v === null || v === '' ? '' : `$${Number(v).toLocaleString('en-US')}`);

/**
 * A stored value of the record in words (comparison page, read-only views, History Log); a date as
 * the office reads it (`useFormatDates()`).
 */
export function displayValue(field: string, v: unknown, { formatDate }: Pick<TOfficeDates, 'formatDate'>): string {
  if (v === undefined || v === null || v === '') return '';
  if (field.toLowerCase().includes('date') && typeof v === 'string') return formatDate(v) || v;
  if (field === 'gender') return genderLabel(textOf(v));
  if (field === 'educationLevel') return educationLabel(textOf(v));
  if (field === 'address' || field.endsWith('Address')) return addressText(v);
  if (typeof v === 'boolean') return v ? 'Yes' : 'No';
  if (typeof v === 'object')
    return Object.entries(v as Record<string, unknown>)
      .filter(([, x]) => x !== '' && x != null)
      .map(([k, x]) => `${k}: ${String(x)}`)
      .join(', ');
  return textOf(v);
}

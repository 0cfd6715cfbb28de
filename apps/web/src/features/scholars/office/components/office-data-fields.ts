import { type scholarsApi, textOf, type TLookupRef } from '@meridian/domain';
import { formatDay } from '../../../../app/office-dates';

/**
 * The office's H-1B / O-1 information and J-1 program data: ONE definition of labels, order and
 * groups, used by the office's form (office-forms.tsx) and by the department's read-only view.
 */
type TOfficeDataKey = keyof scholarsApi.TOfficeData;
export interface TOfficeField {
  key: TOfficeDataKey;
  label: string;
  kind: 'text' | 'date' | 'money' | 'select' | 'multiline' | 'lookup';
  help?: string;
  max?: number;
  /** Grid width on sm and up (of 12). */
  sm?: number;
  /** Select choices as [value, label]; '' is 'not chosen'. */
  options?: ReadonlyArray<readonly [string, string]>;
  /** The office's code list a 'lookup' field draws its choices from (docs/product/lookups.md#how-forms-use-the-lists). */
  lookup?: TLookupRef;
}
export interface TOfficeFieldGroup {
  title: string;
  fields: TOfficeField[];
}

export const WAGE_UNITS = [
  ['', '—'],
  ['year', 'per year'],
  ['month', 'per month'],
  ['week', 'per week'],
  ['hour', 'per hour'],
] as const;

const NOTES: TOfficeFieldGroup = { title: 'Notes', fields: [{ key: 'notes', label: 'Notes', kind: 'multiline', max: 2000, sm: 12 }] };

/** H-1B and O-1 (the petition data). */
const PETITION_OFFICE_FIELDS: TOfficeFieldGroup[] = [
  {
    title: 'Labor condition application',
    fields: [
      { key: 'lcaNumber', label: 'LCA case number', kind: 'text', help: 'e.g. I-200-27001-123456', max: 40 },
      { key: 'lcaStartDate', label: 'LCA start date', kind: 'date' },
      { key: 'lcaEndDate', label: 'LCA end date', kind: 'date' },
    ],
  },
  {
    title: 'Occupation and wages',
    fields: [
      { key: 'socCode', label: 'SOC code', kind: 'text', help: 'e.g. 15-1252', max: 10 },
      { key: 'socTitle', label: 'SOC title', kind: 'text', max: 120, sm: 8 },
      {
        key: 'wageLevel',
        label: 'Wage level',
        kind: 'select',
        options: [
          ['', '—'],
          ['I', 'Level I'],
          ['II', 'Level II'],
          ['III', 'Level III'],
          ['IV', 'Level IV'],
        ],
      },
      { key: 'prevailingWage', label: 'Prevailing wage (USD)', kind: 'money', max: 9 },
      { key: 'offeredWage', label: 'Offered wage (USD)', kind: 'money', max: 9 },
      { key: 'wageUnit', label: 'Wage unit', kind: 'select', options: WAGE_UNITS },
    ],
  },
  {
    title: 'Worksite',
    fields: [
      { key: 'worksiteAddress', label: 'Worksite address', kind: 'text', max: 120, sm: 8 },
      { key: 'worksiteCity', label: 'City', kind: 'text', max: 60 },
      { key: 'worksiteState', label: 'State', kind: 'text', max: 30 },
      { key: 'worksitePostalCode', label: 'ZIP code', kind: 'text', max: 10 },
    ],
  },
  { title: 'Petition', fields: [{ key: 'receiptNumber', label: 'USCIS receipt number', kind: 'text', max: 20 }] },
  NOTES,
];

/** J-1 (the exchange visitor program). */
const J1_OFFICE_FIELDS: TOfficeFieldGroup[] = [
  {
    title: 'Exchange visitor program',
    fields: [
      { key: 'j1Category', label: 'Category', kind: 'lookup', lookup: { key: 'scholar-categories' } },
      { key: 'subjectFieldCode', label: 'Subject field (CIP) code', kind: 'text', help: 'e.g. 40.0801', max: 7 },
      { key: 'sevisId', label: 'SEVIS ID', kind: 'text', help: 'N followed by 10 digits', max: 11 },
      { key: 'ds2019StartDate', label: 'DS-2019 start date', kind: 'date' },
      { key: 'ds2019EndDate', label: 'DS-2019 end date', kind: 'date' },
      { key: 'fundingAmount', label: 'Funding (USD)', kind: 'money', max: 9 },
    ],
  },
  NOTES,
];

/** The groups of a visa type (J-1 program data; the petition data otherwise). */
export const officeFieldGroupsOf = (visa: string): TOfficeFieldGroup[] => (visa === 'J-1' ? J1_OFFICE_FIELDS : PETITION_OFFICE_FIELDS);

/** A stored value as a reader sees it ('' when empty). */
function officeFieldText(f: TOfficeField, value: unknown): string {
  if (value === null || value === undefined) return '';
  const v = textOf(value).trim();
  if (!v) return '';
  if (f.kind === 'date') return formatDay(v) || v;
  if (f.kind === 'money')
    return /^\d+(\.\d+)?$/.test(v)
      ? `$${Number(v).toLocaleString('en-US', { minimumFractionDigits: v.includes('.') ? 2 : 0, maximumFractionDigits: 2 })}`
      : v;
  if (f.kind === 'select') return f.options?.find(([o]) => o === v)?.[1] ?? v;
  return v;
}

/** The filled-in fields of each group, in the form's order; groups with nothing filled in are left out. */
export function filledOfficeGroups(
  visa: string,
  data: Record<string, unknown>,
): Array<{ title: string; rows: Array<[label: string, value: string]> }> {
  return officeFieldGroupsOf(visa)
    .map((g) => ({
      title: g.title,
      rows: g.fields.map((f) => [f.label, officeFieldText(f, data[f.key])] as [string, string]).filter(([, v]) => v !== ''),
    }))
    .filter((g) => g.rows.length > 0);
}

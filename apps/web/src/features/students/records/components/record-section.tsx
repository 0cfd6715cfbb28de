import { Box, MenuItem, Typography } from '@mui/material';
import type { UseFormReturn } from 'react-hook-form';
import { type studentsApi, type TLookupRef, textOf } from '@meridian/domain';
import { formatDay, useFormatDates } from '../../../../app/office-dates';
import { FormSwitch } from '../../../../ui/form/form-switch';
import { FormTextField } from '../../../../ui/form/form-text-field';
import { addressText, usToIso } from './record-format';
import { FormLookupField, LookupText } from '../../../lookups';
import { Fact, FactGrid, FormGrid, SectionCard } from './section-card';

type TValues = Record<string, unknown>;
type TForm = UseFormReturn<TValues>;

export interface TFieldDef {
  name: string;
  label: string;
  /** 'yesno': a question the office may not have answered yet (Yes / No / Not answered → true / false / null). */
  kind?: 'text' | 'date' | 'select' | 'bool' | 'address' | 'number' | 'yesno' | 'lookup';
  options?: { value: string; label: string }[];
  /** kind 'lookup': the office's code list the choices come from (docs/product/lookups.md#how-forms-use-the-lists). */
  lookup?: TLookupRef;
  /** kind 'address': the parts whose choices come from a code list (a U.S. address's state, a foreign one's country). */
  addressLookups?: Partial<Record<'state' | 'countryCode', TLookupRef>>;
  required?: boolean;
  helper?: string;
  maxLength?: number;
  /** How the read view shows the stored value. */
  show?: (v: unknown, record: studentsApi.TStudentRecord) => string;
  /** Spans the whole row of the grid. */
  wide?: boolean;
  /** A longer text typed on several lines (a narrative answer). */
  multiline?: boolean;
  /** A number that may be cleared: an empty field sends null (otherwise it is left unchanged). */
  nullable?: boolean;
  /** Asked only while editing (not a value the record keeps, e.g. the SEVIS reason of a status change). */
  editOnly?: boolean;
  /** Shown (and sent) only while the form's values call for it. */
  showWhen?: (values: TValues) => boolean;
  /** Choices that depend on the form's values. */
  optionsOf?: (values: TValues) => { value: string; label: string }[];
  /** kind 'lookup': the code list that depends on the form's values (a status's SEVIS reasons). */
  lookupOf?: (values: TValues) => TLookupRef | null;
}

const YES_NO_OPTIONS = [
  { value: '', label: 'Not answered' },
  { value: 'yes', label: 'Yes' },
  { value: 'no', label: 'No' },
];
const yesNoText = (v: unknown) => (v === true ? 'Yes' : v === false ? 'No' : 'Not answered');

const ADDRESS_PARTS = [
  { key: 'line1', label: 'Address line 1', max: 60 },
  { key: 'line2', label: 'Address line 2', max: 60 },
  { key: 'city', label: 'City', max: 60 },
  { key: 'state', label: 'State / province', max: 30 },
  { key: 'postalCode', label: 'Postal code', max: 20 },
  { key: 'countryCode', label: 'Country (2-letter code)', max: 2 },
] as const;

/** Record value → form value. */
export function toFormValues(record: Record<string, unknown>, fields: TFieldDef[]): TValues {
  const out: TValues = {};
  for (const f of fields) {
    const v = record[f.name];
    if (f.kind === 'date') out[f.name] = formatDay(v as string | null);
    else if (f.kind === 'bool') out[f.name] = !!v;
    else if (f.kind === 'yesno') out[f.name] = v === true ? 'yes' : v === false ? 'no' : '';
    else if (f.kind === 'address')
      out[f.name] = Object.fromEntries(ADDRESS_PARTS.map((p) => [p.key, ((v ?? {}) as Record<string, string>)[p.key] ?? '']));
    else out[f.name] = v === null || v === undefined ? '' : textOf(v);
  }
  return out;
}

/** Form value → API body (dates to ISO, numbers to numbers, empty address parts dropped). */
export function toBody(values: TValues, fields: TFieldDef[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const f of fields) {
    const v = values[f.name];
    if (f.showWhen && !f.showWhen(values)) continue;
    if (f.kind === 'date') out[f.name] = usToIso(textOf(v ?? ''));
    else if (f.kind === 'number') out[f.name] = v === '' ? (f.nullable ? null : undefined) : Number(v);
    else if (f.kind === 'yesno') out[f.name] = v === 'yes' ? true : v === 'no' ? false : null;
    else if (f.kind === 'address')
      out[f.name] = Object.fromEntries(
        Object.entries(v as Record<string, string>)
          .map(([k, x]) => [k, x.trim()])
          .filter(([, x]) => x !== ''),
      );
    else out[f.name] = typeof v === 'string' ? v.trim() : v;
  }
  return out;
}

export const knownFieldsOf = (fields: TFieldDef[]) =>
  fields.flatMap((f) => (f.kind === 'address' ? [f.name, ...ADDRESS_PARTS.map((p) => `${f.name}.${p.key}`)] : [f.name]));

/** The edit fields of a field list. */
export function FieldInputs({ form, fields }: { form: TForm; fields: TFieldDef[] }) {
  const watching = fields.some((f) => f.showWhen || f.optionsOf || f.lookupOf);
  const values = watching ? form.watch() : {};
  return (
    <FormGrid>
      {fields.map((f) => {
        if (f.showWhen && !f.showWhen(values)) return null;
        const options = f.optionsOf ? f.optionsOf(values) : f.options;
        if (f.kind === 'bool') return <FormSwitch key={f.name} control={form.control} name={f.name} label={f.label} />;
        if (f.kind === 'address') {
          return (
            <Box key={f.name} component="fieldset" sx={{ gridColumn: '1 / -1', border: 0, p: 0, m: 0 }}>
              <Typography component="legend" variant="subtitle2" sx={{ mb: 1 }}>
                {f.label}
              </Typography>
              <FormGrid>
                {ADDRESS_PARTS.map((p) => {
                  const lookup = p.key === 'state' || p.key === 'countryCode' ? f.addressLookups?.[p.key] : undefined;
                  return lookup ? (
                    <FormLookupField
                      key={p.key}
                      control={form.control}
                      name={`${f.name}.${p.key}`}
                      label={p.key === 'countryCode' ? 'Country' : 'State'}
                      lookup={lookup}
                      size="small"
                    />
                  ) : (
                    <FormTextField
                      key={p.key}
                      control={form.control}
                      name={`${f.name}.${p.key}`}
                      label={p.label}
                      size="small"
                      slotProps={{ htmlInput: { maxLength: p.max } }}
                    />
                  );
                })}
              </FormGrid>
            </Box>
          );
        }
        const lookup = f.lookupOf ? f.lookupOf(values) : f.lookup;
        if (f.kind === 'lookup' && lookup)
          return (
            <FormLookupField
              key={`${f.name}:${lookup.key}`}
              control={form.control}
              name={f.name}
              label={f.label}
              lookup={lookup}
              required={f.required}
              helperText={f.helper}
              size="small"
            />
          );
        return (
          <FormTextField
            key={f.name}
            control={form.control}
            name={f.name}
            label={f.label}
            size="small"
            required={f.required}
            select={f.kind === 'select' || f.kind === 'yesno'}
            placeholder={f.kind === 'date' ? 'MM/DD/YYYY' : undefined}
            helperText={f.helper ?? (f.kind === 'date' ? 'MM/DD/YYYY' : undefined)}
            multiline={f.multiline}
            minRows={f.multiline ? 3 : undefined}
            sx={f.wide || f.multiline ? { gridColumn: '1 / -1' } : undefined}
            slotProps={{
              // A number is never cut while typed: its length is the schema's message (docs/product/ui.md#digits-amounts-and-text).
              htmlInput: {
                maxLength: f.kind === 'date' ? 10 : f.kind === 'number' ? undefined : f.maxLength,
                inputMode: f.kind === 'number' ? 'numeric' : undefined,
              },
            }}
          >
            {f.kind === 'select' || f.kind === 'yesno'
              ? (f.kind === 'yesno' ? YES_NO_OPTIONS : (options ?? [])).map((o) => (
                  <MenuItem key={o.value} value={o.value}>
                    {o.label}
                  </MenuItem>
                ))
              : null}
          </FormTextField>
        );
      })}
    </FormGrid>
  );
}

/** Read view of a field list. */
function FieldFacts({ record, fields }: { record: studentsApi.TStudentRecord; fields: TFieldDef[] }) {
  const { formatDate } = useFormatDates();
  const r = record as unknown as Record<string, unknown>;
  return (
    <FactGrid>
      {fields
        .filter((f) => !f.editOnly)
        .map((f) => {
          const v = r[f.name];
          if (f.kind === 'lookup' && f.lookup && !f.show)
            return <Fact key={f.name} label={f.label} value={<LookupText lookup={f.lookup} value={textOf(v ?? '')} />} />;
          const text = f.show
            ? f.show(v, record)
            : f.kind === 'date'
              ? formatDate(v as string | null)
              : f.kind === 'bool'
                ? v
                  ? 'Yes'
                  : 'No'
                : f.kind === 'yesno'
                  ? yesNoText(v)
                  : f.kind === 'address'
                    ? addressText(v as studentsApi.TStudentAddressInput)
                    : f.kind === 'select'
                      ? (f.options?.find((o) => o.value === textOf(v ?? ''))?.label ?? textOf(v ?? ''))
                      : textOf(v ?? '');
          return <Fact key={f.name} label={f.label} value={text} wide={f.kind === 'address' || f.wide} />;
        })}
    </FactGrid>
  );
}

export interface RecordSectionProps {
  title: string;
  record: studentsApi.TStudentRecord;
  fields: TFieldDef[];
  save: (body: Record<string, unknown>) => Promise<unknown>;
  onDirtyChange: (dirty: boolean) => void;
  reload: () => void;
  /** Extra content under the read view (e.g. an explanation). */
  note?: string | undefined;
}

/** A section of the record described by its fields: read view, edit form, save with updatedAt. */
export function RecordSection({ title, record, fields, save, onDirtyChange, reload, note }: RecordSectionProps) {
  const values = toFormValues(record, fields);
  return (
    <SectionCard<TValues>
      title={title}
      canEdit={record.canEdit}
      values={values}
      knownFields={knownFieldsOf(fields)}
      onDirtyChange={onDirtyChange}
      reload={reload}
      save={(v) => save(toBody(v, fields))}
      view={
        <>
          <FieldFacts record={record} fields={fields} />
          {note ? (
            <Typography variant="body2" color="text.secondary" sx={{ mt: 1.5 }}>
              {note}
            </Typography>
          ) : null}
        </>
      }
      fields={(form) => (
        <>
          <FieldInputs form={form} fields={fields} />
          {note ? (
            <Typography variant="body2" color="text.secondary" sx={{ mt: 1.5 }}>
              {note}
            </Typography>
          ) : null}
        </>
      )}
    />
  );
}

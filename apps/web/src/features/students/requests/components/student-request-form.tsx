import { Alert, Box, Paper, Typography } from '@mui/material';
import {
  applyFieldConfiguration,
  DEPENDENT_REQUEST_FIELDS,
  dependentChoiceOptions,
  isChecked,
  isFieldRequired,
  NEW_DEPENDENT,
  studentRequestForm,
  type TStudentRequestCode,
  type TStudentRequestContext,
  type TStudentRequestData,
  type TStudentRequestDependent,
  type TStudentRequestField,
  textOf,
} from '@meridian/domain';
import { formatDay } from '../../../../app/office-dates';
import { RequestField } from './request-field';
import { LookupText } from '../../../lookups';
import { DependentRowsField } from './dependent-rows-field';

export interface StudentRequestFormProps {
  code: TStudentRequestCode;
  data: TStudentRequestData;
  errors: Record<string, string>;
  readOnly: boolean;
  /** Fields not to draw (e.g. the OPT type, chosen by the page the student came from). */
  hidden?: readonly string[] | undefined;
  /**
   * What the record holds for fields that choose from it (the dependents a Dependent Information Update offers),
   * and the office's field settings for the signed-in role (docs/product/field-configuration.md); the student's visa
   * type selects the form's variant (docs/product/students-requests.md#exchange-visitor-variants).
   */
  context?: Pick<TStudentRequestContext, 'dependents' | 'fieldSettings' | 'visaType'> | null | undefined;
  onChange: (name: string, value: unknown) => void;
  onBlur: (name: string) => void;
}

const WIDE = new Set(['textarea', 'checkbox']);

/** What a value reads as once the request is with the office (plain text keeps its contrast; disabled inputs do not). */
function shownValue(f: TStudentRequestField, v: unknown): string {
  if (f.kind === 'checkbox') return isChecked(v) ? 'Yes' : 'No';
  if (v === undefined || v === null || v === '') return '—';
  const s = textOf(v);
  if (f.kind === 'date') return formatDay(s) || s;
  if (f.kind === 'select' || f.kind === 'dependent') return f.options?.find((o) => o.value === s)?.label ?? s;
  return s;
}

/** A label and its value: one `div` straight inside the section's `dl` (the only wrapper a definition list allows). */
function ReadOnlyField({ field, value }: { field: TStudentRequestField; value: unknown }) {
  return (
    <Box sx={{ gridColumn: WIDE.has(field.kind) ? '1 / -1' : undefined }}>
      <Typography variant="body2" color="text.secondary" component="dt">
        {field.label}
      </Typography>
      <Typography component="dd" sx={{ m: 0, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
        {field.lookup && textOf(value ?? '') ? <LookupText lookup={field.lookup} value={textOf(value ?? '')} /> : shownValue(field, value)}
      </Typography>
    </Box>
  );
}

const ON_RECORD_OF: Record<string, keyof TStudentRequestDependent> = DEPENDENT_REQUEST_FIELDS;

/**
 * A field as drawn for this student: a dependent choice lists their dependents on record (with SEVIS IDs), and
 * once one is chosen each of its fields says what the record holds (an empty field keeps it).
 */
function fieldFor(
  f: TStudentRequestField,
  data: TStudentRequestData,
  dependents: readonly TStudentRequestDependent[] | null,
): TStudentRequestField {
  if (f.kind === 'dependent') {
    // A row of Several Dependents chooses one on record only (what it does to them is its own choice).
    const withNew = f.options?.some((o) => o.value === NEW_DEPENDENT) ?? false;
    const options = dependentChoiceOptions(dependents).filter((o) => withNew || o.value !== NEW_DEPENDENT);
    const v = textOf(data[f.name]);
    // A choice saved before the record's dependents are known (or no longer among them) still reads as something.
    if (v && !options.some((o) => o.value === v))
      options.unshift({ value: v, label: dependents ? 'Not on your record any more' : 'A dependent on your record' });
    return { ...f, options };
  }
  const column = ON_RECORD_OF[f.name];
  const chosen = column ? dependents?.find((d) => d.id === data.dependent_id) : undefined;
  if (!column || !chosen) return f;
  const now = chosen[column];
  const said = !now ? '(none)' : f.kind === 'date' ? formatDay(now) || now : (f.options?.find((o) => o.value === now)?.label ?? now);
  return { ...f, help: `On your record: ${said}` };
}

/**
 * The fields of a student request type (its variant for the student's visa: studentRequestForm), one panel per section.
 * Required marks follow the data (e.g. the phone set); messages come from the page (validateStudentRequestData and the
 * server). A list of dependents (Several Dependents) is drawn row by row (DependentRowsField).
 */
export function StudentRequestForm({ code, data, errors, readOnly, hidden = [], context, onChange, onBlur }: StudentRequestFormProps) {
  // As the office configured it for this role: hidden fields left out, its words, required, read-only.
  const form = applyFieldConfiguration(studentRequestForm(code, context?.visaType ?? null), context?.fieldSettings?.[code]);
  const dependents = context?.dependents ?? null;
  return (
    <>
      {form.sections.map((section) => {
        const fields = section.fields
          .filter((f) => !hidden.includes(f.name))
          .map((f) => ({ ...fieldFor(f, data, dependents), readOnly: f.readOnly }));
        if (!fields.length) return null;
        // A list (the dependents of Several Dependents) is drawn row by row, above the section's other fields.
        const rows = fields.filter((f) => f.kind === 'rows');
        const plain = fields.filter((f) => f.kind !== 'rows');
        const headingId = `section-${code}-${section.title.replace(/\W+/g, '-').toLowerCase()}`;
        return (
          <Paper key={section.title} variant="outlined" component="section" aria-labelledby={headingId} sx={{ p: { xs: 2, sm: 3 } }}>
            <Typography id={headingId} variant="h2" component="h2" sx={{ fontSize: '1.1rem', mb: 2 }}>
              {section.title}
            </Typography>
            {section.note ? (
              <Alert severity="info" sx={{ mb: 2 }}>
                {section.note}
              </Alert>
            ) : null}
            {rows.map((f) => (
              <DependentRowsField
                key={f.name}
                field={f}
                value={data[f.name]}
                errors={errors}
                readOnly={readOnly || !!f.readOnly}
                describe={(rf, row) => fieldFor(rf, row, dependents)}
                onChange={(v) => onChange(f.name, v)}
                onBlur={onBlur}
              />
            ))}
            {!plain.length ? null : readOnly ? (
              <Box component="dl" sx={{ m: 0, display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
                {plain.map((f) => (
                  <ReadOnlyField key={f.name} field={f} value={data[f.name]} />
                ))}
              </Box>
            ) : (
              <Box sx={{ display: 'grid', gap: 2.5, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
                {plain.map((f) => (
                  <Box key={f.name} sx={{ gridColumn: WIDE.has(f.kind) ? '1 / -1' : undefined }}>
                    <RequestField
                      field={f}
                      value={data[f.name]}
                      required={!readOnly && isFieldRequired(f, data)}
                      error={errors[f.name]}
                      readOnly={readOnly || !!f.readOnly}
                      onChange={(v) => onChange(f.name, v)}
                      onBlur={() => onBlur(f.name)}
                    />
                  </Box>
                ))}
              </Box>
            )}
          </Paper>
        );
      })}
    </>
  );
}

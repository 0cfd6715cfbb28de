import { Alert, Box, Paper, Typography } from '@mui/material';
import {
  isChecked,
  isFieldRequired,
  STUDENT_REQUEST_FORMS,
  type TStudentRequestCode,
  type TStudentRequestData,
  type TStudentRequestField,
  textOf,
} from '@meridian/domain';
import { formatDay } from '../../../../app/office-dates';
import { RequestField } from './request-field';

export interface StudentRequestFormProps {
  code: TStudentRequestCode;
  data: TStudentRequestData;
  errors: Record<string, string>;
  readOnly: boolean;
  /** Fields not to draw (e.g. the OPT type, chosen by the page the student came from). */
  hidden?: readonly string[] | undefined;
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
  if (f.kind === 'select') return f.options?.find((o) => o.value === s)?.label ?? s;
  return s;
}

function ReadOnlyField({ field, value }: { field: TStudentRequestField; value: unknown }) {
  return (
    <Box>
      <Typography variant="body2" color="text.secondary" component="dt">
        {field.label}
      </Typography>
      <Typography component="dd" sx={{ m: 0, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
        {shownValue(field, value)}
      </Typography>
    </Box>
  );
}

/**
 * The fields of a student request type (STUDENT_REQUEST_FORMS), one panel per section. Required marks
 * follow the data (e.g. the phone set); messages come from the page (validateStudentRequestData and the server).
 */
export function StudentRequestForm({ code, data, errors, readOnly, hidden = [], onChange, onBlur }: StudentRequestFormProps) {
  const form = STUDENT_REQUEST_FORMS[code];
  return (
    <>
      {form.sections.map((section) => {
        const fields = section.fields.filter((f) => !hidden.includes(f.name));
        if (!fields.length) return null;
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
            {readOnly ? (
              <Box component="dl" sx={{ m: 0, display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
                {fields.map((f) => (
                  <Box key={f.name} sx={{ gridColumn: WIDE.has(f.kind) ? '1 / -1' : undefined }}>
                    <ReadOnlyField field={f} value={data[f.name]} />
                  </Box>
                ))}
              </Box>
            ) : (
              <Box sx={{ display: 'grid', gap: 2.5, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
                {fields.map((f) => (
                  <Box key={f.name} sx={{ gridColumn: WIDE.has(f.kind) ? '1 / -1' : undefined }}>
                    <RequestField
                      field={f}
                      value={data[f.name]}
                      required={!readOnly && isFieldRequired(f, data)}
                      error={errors[f.name]}
                      readOnly={readOnly}
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

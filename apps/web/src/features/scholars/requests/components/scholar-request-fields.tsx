import { Alert, Box, Paper, Typography } from '@mui/material';
import {
  isChecked,
  isFieldRequired,
  isScholarInformationUpdate,
  scholarRequestForm,
  textOf,
  type TRequestFormData,
  type TRequestFormField,
  type TScholarRequestCode,
  type TScholarRequestContext,
} from '@meridian/domain';
import { formatDay } from '../../../../app/office-dates';
import { RequestField, StudentRequestForm } from '../../../students';

const WIDE = new Set(['textarea', 'checkbox']);

/** A value as read once the request is with the office (plain text keeps its contrast; disabled inputs do not). */
function shownValue(f: TRequestFormField, v: unknown): string {
  if (f.kind === 'checkbox') return isChecked(v) ? 'Yes' : 'No';
  if (v === undefined || v === null || v === '') return '—';
  const s = textOf(v);
  if (f.kind === 'date') return formatDay(s) || s;
  if (f.kind === 'select') return f.options?.find((o) => o.value === s)?.label ?? s;
  return s;
}

export interface ScholarRequestFieldsProps {
  code: TScholarRequestCode;
  data: TRequestFormData;
  errors: Record<string, string>;
  readOnly: boolean;
  context: TScholarRequestContext | null;
  onChange: (name: string, value: unknown) => void;
  onBlur: (name: string) => void;
}

/**
 * A scholar request's own fields, one panel per section (docs/product/scholars-portal.md#requests). The
 * personal, contact and family updates are the students' forms, drawn by the students' own form (the J-2
 * dependents of the exchange visitor record to choose from); the J-1 program's forms are drawn here, the
 * Update Site of Activity choice listing the record's sites.
 */
export function ScholarRequestFields({ code, data, errors, readOnly, context, onChange, onBlur }: ScholarRequestFieldsProps) {
  if (isScholarInformationUpdate(code))
    return (
      <StudentRequestForm
        code={code}
        data={data}
        errors={errors}
        readOnly={readOnly}
        context={{ dependents: context?.dependents ?? [], visaType: context?.visaType ?? null }}
        onChange={onChange}
        onBlur={onBlur}
      />
    );
  const form = scholarRequestForm(code, context);
  return (
    <>
      {form.sections.map((section) => {
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
                {section.fields.map((f) => (
                  <Box key={f.name} sx={{ gridColumn: WIDE.has(f.kind) ? '1 / -1' : undefined }}>
                    <Typography variant="body2" color="text.secondary" component="dt">
                      {f.label}
                    </Typography>
                    <Typography component="dd" sx={{ m: 0, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                      {shownValue(f, data[f.name])}
                    </Typography>
                  </Box>
                ))}
              </Box>
            ) : (
              <Box sx={{ display: 'grid', gap: 2.5, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
                {section.fields.map((f) => (
                  <Box key={f.name} sx={{ gridColumn: WIDE.has(f.kind) ? '1 / -1' : undefined }}>
                    <RequestField
                      field={f}
                      value={data[f.name]}
                      required={isFieldRequired(f, data)}
                      error={errors[f.name]}
                      readOnly={false}
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

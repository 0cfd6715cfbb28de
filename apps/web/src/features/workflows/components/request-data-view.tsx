import { Link as RouterLink } from 'react-router';
import { Alert, Box, Link, Paper, Typography } from '@mui/material';
import {
  isChecked,
  isEmptyValue,
  isStudentRequestCode,
  STUDENT_REQUEST_FORMS,
  type TRequestDetail,
  type TStudentRequestCode,
  type TStudentRequestField,
} from '@meridian/domain';
import { formatDay } from '../../../app/office-dates';

/**
 * One value as people read it: dates MM/DD/YYYY, a choice by its label, a tick as Yes/No; a value only the
 * record can name (a dependent on it) as the server described it.
 */
function shown(f: TStudentRequestField, v: unknown, labels: Record<string, string>): string {
  if (f.kind === 'checkbox') return isChecked(v) ? 'Yes' : 'No';
  if (isEmptyValue(v)) return '—';
  const s = String(v);
  if (f.kind === 'dependent') return labels[f.name] ?? f.options?.find((o) => o.value === s)?.label ?? 'A dependent on the student record';
  if (f.kind === 'date') return formatDay(s) || s;
  if (f.kind === 'select') return f.options?.find((o) => o.value === s)?.label ?? s;
  if (f.kind === 'money') return `$${s}`;
  if (f.kind === 'phone' && /^\d{10}$/.test(s)) return `(${s.slice(0, 3)}) ${s.slice(3, 6)}-${s.slice(6)}`;
  return s;
}

/**
 * What the student filled in on a student request's own form (CPT employer, OPT dates, ...), read-only
 * for the office that reviews it, section by section, with a link to the student's record.
 */
/** Does this request have a student form of its own (shown by RequestFormDataView)? */
export const hasStudentForm = (r: TRequestDetail) => !!r.profileId && isStudentRequestCode(r.typeCode);

export function RequestFormDataView({ request: r, area }: { request: TRequestDetail; area: 'isss' | 'admin' }) {
  if (!hasStudentForm(r) || !isStudentRequestCode(r.typeCode)) return null;
  return (
    <StudentRequestDataView
      code={r.typeCode}
      data={r.data ?? {}}
      labels={r.dataLabels}
      recordPath={area === 'isss' ? `/isss/student-profile/${r.profileId}` : null}
    />
  );
}

/** The same read-only view from a type code and its data (also for the approver's page, which has no request detail). */
export function StudentRequestDataView({
  code,
  data,
  labels = {},
  recordPath = null,
}: {
  code: TStudentRequestCode;
  data: Record<string, unknown>;
  /** What values only the record can name mean (the request detail's dataLabels). */
  labels?: Record<string, string> | undefined;
  recordPath?: string | null;
}) {
  const form = STUDENT_REQUEST_FORMS[code];
  return (
    <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-labelledby="request-form-data-title">
      <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'baseline', flexWrap: 'wrap', gap: 1, mb: 1 }}>
        <Typography id="request-form-data-title" variant="h2" component="h2" sx={{ fontSize: '1.1rem' }}>
          {form.title}
        </Typography>
        {recordPath ? (
          <Link component={RouterLink} to={recordPath}>
            Open the student record
          </Link>
        ) : null}
      </Box>
      {form.sections.map((s) => {
        const fields = s.fields.filter((f) => f.kind !== 'checkbox' || isChecked(data[f.name]));
        return (
          <Box key={s.title} sx={{ mb: 1.5 }}>
            <Typography variant="subtitle2" component="h3" sx={{ mb: 0.5 }}>
              {s.title}
            </Typography>
            {s.note ? (
              <Alert severity="info" sx={{ mb: 1 }}>
                {s.note}
              </Alert>
            ) : null}
            <Box
              component="dl"
              sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: 'minmax(180px, 1fr) 2fr' }, columnGap: 2, rowGap: 0.5, m: 0 }}
            >
              {fields.map((f) => (
                <Box key={f.name} sx={{ display: 'contents' }}>
                  <Typography component="dt" variant="body2" color="text.secondary">
                    {f.label}
                  </Typography>
                  <Typography component="dd" variant="body2" sx={{ m: 0, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                    {shown(f, data[f.name], labels)}
                  </Typography>
                </Box>
              ))}
            </Box>
          </Box>
        );
      })}
    </Paper>
  );
}

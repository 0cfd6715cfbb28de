import { Link as RouterLink } from 'react-router';
import { Alert, Box, Link, Paper, Typography } from '@mui/material';
import {
  applyFieldConfiguration,
  isChecked,
  isEmptyValue,
  isScholarRequestCode,
  isStudentRequestCode,
  STUDENT_REQUEST_FORMS,
  type TRequestDetail,
  type TStudentRequestCode,
  type TRoleFormSettings,
  type TStudentRequestField,
} from '@meridian/domain';
import { formatDay } from '../../../app/office-dates';
import { useMyFieldSettings } from '../../forms';
import { LookupText } from '../../lookups';
import { ScholarRequestDataView } from './scholar-request-data-view';

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
  // An exchange visitor's choice may come from the field's exchange visitor list (SEVIS Table 24 for a termination).
  if (f.kind === 'select') return [...(f.options ?? []), ...(f.ev?.options ?? [])].find((o) => o.value === s)?.label ?? s;
  if (f.kind === 'money') return `$${s}`;
  if (f.kind === 'phone' && /^\d{10}$/.test(s)) return `(${s.slice(0, 3)}) ${s.slice(3, 6)}-${s.slice(6)}`;
  return s;
}

/**
 * A value in words; a choice from one of the office's lists by the list's label (with its code), from the list of
 * the record's variant where the server said which (an exchange visitor's own list, e.g. SEVIS's J-2 end reasons).
 */
function Shown({
  f,
  v,
  labels,
  visa,
  namesChoices,
}: {
  f: TStudentRequestField;
  v: unknown;
  labels: Record<string, string>;
  visa: string | undefined;
  namesChoices: boolean;
}) {
  const lookup = !namesChoices ? undefined : visa === 'J-1' && f.ev?.lookup ? f.ev.lookup : f.lookup;
  if (f.kind === 'select' && lookup && !isEmptyValue(v)) return <LookupText lookup={lookup} value={String(v)} />;
  return <>{shown(f, v, labels)}</>;
}

/** The labels of one row's values (dataLabels keys them `<list>.<row>.<field>`), by field name. */
const rowLabels = (labels: Record<string, string>, prefix: string) =>
  Object.fromEntries(Object.entries(labels).flatMap(([k, v]) => (k.startsWith(prefix) ? [[k.slice(prefix.length), v]] : [])));

/** A list of dependents, one block per row: what changes and the fields given (Several Dependents). */
function RowsView({
  field,
  value,
  labels,
  namesChoices,
}: {
  field: TStudentRequestField;
  value: unknown;
  labels: Record<string, string>;
  namesChoices: boolean;
}) {
  const rows = Array.isArray(value) ? (value as Record<string, unknown>[]) : [];
  if (!rows.length)
    return (
      <Typography variant="body2" color="text.secondary">
        No dependent listed.
      </Typography>
    );
  return (
    <Box component="ol" sx={{ m: 0, pl: 3, display: 'grid', gap: 1 }}>
      {rows.map((row, i) => (
        <Box component="li" key={i}>
          <Box
            component="dl"
            sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: 'minmax(180px, 1fr) 2fr' }, columnGap: 2, rowGap: 0.5, m: 0 }}
          >
            {(field.rowFields ?? [])
              .filter((f) => !isEmptyValue(row[f.name]))
              .map((f) => (
                <Box key={f.name} sx={{ display: 'contents' }}>
                  <Typography component="dt" variant="body2" color="text.secondary">
                    {f.label}
                  </Typography>
                  <Typography component="dd" variant="body2" sx={{ m: 0, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                    <Shown
                      f={f}
                      v={row[f.name]}
                      labels={rowLabels(labels, `${field.name}.${i}.`)}
                      visa={labels.studentVisaType}
                      namesChoices={namesChoices}
                    />
                  </Typography>
                </Box>
              ))}
          </Box>
        </Box>
      ))}
    </Box>
  );
}

/**
 * What the student filled in on a student request's own form (CPT employer, OPT dates, ...), read-only
 * for the office that reviews it, section by section, with a link to the student's record.
 */
/**
 * Does this request have a form of its own (shown by RequestFormDataView)? A student's, about their record,
 * or a scholar's (docs/product/scholars-portal.md#requests), about no student record.
 */
export const hasStudentForm = (r: TRequestDetail) =>
  (!!r.profileId && isStudentRequestCode(r.typeCode)) || (!r.profileId && isScholarRequestCode(r.typeCode));

export function RequestFormDataView({ request: r, area }: { request: TRequestDetail; area: 'isss' | 'admin' }) {
  // The office's field settings for staff (docs/product/field-configuration.md): its words, fields hidden from staff.
  const settings = useMyFieldSettings();
  if (!r.profileId && isScholarRequestCode(r.typeCode)) return <ScholarRequestDataView request={r} code={r.typeCode} />;
  if (!hasStudentForm(r) || !isStudentRequestCode(r.typeCode)) return null;
  return (
    <StudentRequestDataView
      code={r.typeCode}
      data={r.data ?? {}}
      settings={settings.data?.forms[r.typeCode]}
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
  settings,
  namesChoices = true,
}: {
  code: TStudentRequestCode;
  data: Record<string, unknown>;
  /** The office's field settings for the reader's role, when known. */
  settings?: TRoleFormSettings | undefined;
  /** What values only the record can name mean (the request detail's dataLabels). */
  labels?: Record<string, string> | undefined;
  recordPath?: string | null;
  /**
   * Whether the reader may read the office's lists (its staff): a choice is then named in the list's words. An
   * approver who came by an e-mailed link has no session to read them with, and reads the codes.
   */
  namesChoices?: boolean;
}) {
  const form = applyFieldConfiguration(STUDENT_REQUEST_FORMS[code], settings);
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
        // A field of one visa's variant only (an F-1's SEVIS school code, a J-1's program number) shows when it was given.
        const fields = s.fields.filter(
          (f) => f.kind !== 'rows' && (f.kind !== 'checkbox' || isChecked(data[f.name])) && (!f.visas || !isEmptyValue(data[f.name])),
        );
        const lists = s.fields.filter((f) => f.kind === 'rows');
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
            {lists.map((f) => (
              <RowsView key={f.name} field={f} value={data[f.name]} labels={labels} namesChoices={namesChoices} />
            ))}
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
                    <Shown f={f} v={data[f.name]} labels={labels} visa={labels.studentVisaType} namesChoices={namesChoices} />
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

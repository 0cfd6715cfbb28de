import { Link as RouterLink } from 'react-router';
import { Alert, Box, Link, Paper, Typography } from '@mui/material';
import {
  isChecked,
  isEmptyValue,
  scholarRequestForm,
  type TRequestDetail,
  type TRequestFormField,
  type TScholarRequestCode,
} from '@meridian/domain';
import { formatDay } from '../../../app/office-dates';

/** One value as people read it; a value only the case can name (a site, a J-2 dependent) as the server described it. */
function shown(f: TRequestFormField, v: unknown, labels: Record<string, string>): string {
  if (f.kind === 'checkbox') return isChecked(v) ? 'Yes' : 'No';
  if (isEmptyValue(v)) return '—';
  const s = String(v);
  if (labels[f.name]) return labels[f.name]!;
  if (f.kind === 'date') return formatDay(s) || s;
  if (f.kind === 'select' || f.kind === 'dependent') return f.options?.find((o) => o.value === s)?.label ?? s;
  if (f.kind === 'phone' && /^\d{10}$/.test(s)) return `(${s.slice(0, 3)}) ${s.slice(3, 6)}-${s.slice(6)}`;
  return s;
}

/**
 * What a scholar request's own form says (docs/product/scholars-portal.md#requests), read-only for the office
 * reviewing it: the case it changes as it stands (the server's `scholarCase` label: visa type and category,
 * program dates, the category's longest program, the exchange visitor record), with a link to the case, then
 * the fields given, section by section.
 */
export function ScholarRequestDataView({ request: r, code }: { request: TRequestDetail; code: TScholarRequestCode }) {
  const labels = r.dataLabels ?? {};
  const data = r.data ?? {};
  const form = scholarRequestForm(code, { visaType: labels.scholarVisaType ?? '' });
  return (
    <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-labelledby="request-form-data-title">
      <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'baseline', flexWrap: 'wrap', gap: 1, mb: 1 }}>
        <Typography id="request-form-data-title" variant="h2" component="h2" sx={{ fontSize: '1.1rem' }}>
          {form.title}
        </Typography>
        {labels.scholarCaseId ? (
          <Link component={RouterLink} to={`/admin/scholar-profile/${labels.scholarCaseId}`}>
            Open the scholar&apos;s case
          </Link>
        ) : null}
      </Box>
      {labels.scholarCase ? (
        <Typography variant="body2" sx={{ mb: 1.5 }}>
          <Box component="span" sx={{ fontWeight: 600 }}>
            The case now:{' '}
          </Box>
          {labels.scholarCase}
        </Typography>
      ) : null}
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

import { Link as RouterLink } from 'react-router';
import {
  Alert,
  Box,
  Button,
  Link,
  Paper,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { SCHOLAR_PHASES, SCHOLAR_STATUSES, type scholarsApi } from '@meridian/domain';
import { useDocumentTitle } from '../../../../app/use-document-title';
import { PageHeader } from '../../../../ui/page-header';
import { PageLoader } from '../../../../ui/page-loader';
import { serializeFilters } from '../../../../ui/url-filters';
import { useScholarReportSummary } from '../api/report-summary';

type TSummary = scholarsApi.TScholarReportSummary;
type TDim = 'phase' | 'status';

/** The dashboard, filtered: the address filters of #/admin/dashboard (visa 'none' = not yet processed). */
function dashboardLink(f: { visa?: string; tab?: string; status?: string }): string {
  const filters = serializeFilters({ tab: f.tab ?? '', visa: f.visa === '' ? 'none' : (f.visa ?? ''), status: f.status ?? '' });
  return `/admin/dashboard${filters ? `?filters=${filters}` : ''}`;
}

function CountLink({ n, to, label }: { n: number; to: string; label: string }) {
  if (n === 0)
    return (
      <Typography component="span" color="text.secondary">
        0
      </Typography>
    );
  return (
    <Link component={RouterLink} to={to} aria-label={`${n} ${label}: open in the dashboard`}>
      {n}
    </Link>
  );
}

/** One cross table: visa types down, phases or statuses across, totals on both edges; every count opens the dashboard. */
function CrossTable({ data, dim }: { data: TSummary; dim: TDim }) {
  const cols =
    dim === 'phase'
      ? SCHOLAR_PHASES.map((p) => ({ code: p.code, label: p.label }))
      : SCHOLAR_STATUSES.map((s) => ({ code: s.code, label: s.label }));
  const pick = (r: { byPhase: Record<string, number>; byStatus: Record<string, number> }, code: string) =>
    (dim === 'phase' ? r.byPhase[code] : r.byStatus[code]) ?? 0;
  const filt = (code: string) => (dim === 'phase' ? { tab: code } : { status: code });
  const title = dim === 'phase' ? 'Cases by visa type and phase' : 'Cases by visa type and status';
  return (
    <Paper variant="outlined" sx={{ mb: 3 }}>
      <TableContainer>
        <Table size="small" sx={{ minWidth: 900 }}>
          <caption style={{ captionSide: 'top', padding: '12px 16px' }}>
            <Typography component="span" variant="h6" color="text.primary">
              {title}
            </Typography>
          </caption>
          <TableHead>
            <TableRow>
              <TableCell scope="col" sx={{ fontWeight: 600 }}>
                Visa type
              </TableCell>
              {cols.map((c) => (
                <TableCell key={c.code} scope="col" align="right" sx={{ fontWeight: 600 }}>
                  {c.label}
                </TableCell>
              ))}
              <TableCell scope="col" align="right" sx={{ fontWeight: 700 }}>
                Total
              </TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {data.rows.map((r) => (
              <TableRow key={r.visa} hover>
                <TableCell component="th" scope="row" sx={{ whiteSpace: 'nowrap' }}>
                  {r.label}
                </TableCell>
                {cols.map((c) => (
                  <TableCell key={c.code} align="right">
                    <CountLink n={pick(r, c.code)} to={dashboardLink({ visa: r.visa, ...filt(c.code) })} label={`${r.label}, ${c.label}`} />
                  </TableCell>
                ))}
                <TableCell align="right" sx={{ fontWeight: 600 }}>
                  <CountLink n={r.total} to={dashboardLink({ visa: r.visa })} label={`${r.label}, all`} />
                </TableCell>
              </TableRow>
            ))}
            <TableRow sx={{ '& > *': { borderTop: 2, borderTopColor: 'divider', fontWeight: 700 } }}>
              <TableCell component="th" scope="row" sx={{ fontWeight: 700 }}>
                Total
              </TableCell>
              {cols.map((c) => (
                <TableCell key={c.code} align="right" sx={{ fontWeight: 700 }}>
                  <CountLink n={pick(data.totals, c.code)} to={dashboardLink(filt(c.code))} label={`all visa types, ${c.label}`} />
                </TableCell>
              ))}
              <TableCell align="right" sx={{ fontWeight: 700 }}>
                <CountLink n={data.totals.total} to={dashboardLink({})} label="all cases" />
              </TableCell>
            </TableRow>
          </TableBody>
        </Table>
      </TableContainer>
    </Paper>
  );
}

/** Analytics (#/admin/scholar-reports): the report summary by visa type and phase / status, with totals and links into the dashboard. */
export function ScholarReportsPage() {
  useDocumentTitle('Scholar Analytics');
  const summary = useScholarReportSummary();
  return (
    <Box>
      <PageHeader
        title="Scholar Analytics"
        subtitle="How many scholar and employee cases there are of each visa type, by phase and by status. Select a count to open those cases in the dashboard."
      />
      {summary.isPending ? <PageLoader /> : null}
      {summary.isError ? (
        <Alert
          severity="error"
          action={
            <Button color="inherit" onClick={() => void summary.refetch()}>
              Retry
            </Button>
          }
        >
          The report could not be loaded. {summary.error.message}
        </Alert>
      ) : null}
      {summary.data && summary.data.rows.length === 0 ? <Alert severity="info">No scholar cases yet.</Alert> : null}
      {summary.data && summary.data.rows.length > 0 ? (
        <>
          <CrossTable data={summary.data} dim="phase" />
          <CrossTable data={summary.data} dim="status" />
        </>
      ) : null}
    </Box>
  );
}

import { useEffect, useMemo, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import {
  Alert,
  Box,
  Button,
  Chip,
  InputAdornment,
  LinearProgress,
  Link,
  Paper,
  Tab,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TablePagination,
  TableRow,
  TableSortLabel,
  Tabs,
  TextField,
  Typography,
} from '@mui/material';
import Search from '@mui/icons-material/Search';
import FileDownload from '@mui/icons-material/FileDownload';
import { SCHOLAR_PHASES, scholarsApi } from '@meridian/domain';
import { useDocumentTitle } from '../../../../app/use-document-title';
import { PageHeader } from '../../../../ui/page-header';
import { snack } from '../../../../ui/notify';
import { useUrlFilters } from '../../../../ui/use-url-filters';
import { addressDateToIso } from '../../../../ui/url-filters';
import { useScholarDashboard } from '../api/dashboard';
import { useScholarDashboardTabs } from '../api/dashboard-tabs';
import { downloadScholarExport } from '../api/export-scholars';
import { EMPTY_SCHOLAR_FILTERS, ScholarDashboardFilters, type TScholarFilterValues } from '../components/scholar-dashboard-filters';
import { phaseLabel, statusLabel, usDate, visaLabel } from '../components/scholar-labels';

type TSort = scholarsApi.TScholarDashboardSort;
export const DASHBOARD_TITLE = 'International Scholar and Employee Admin';
const DEFAULTS = { tab: 'all', q: '', ...EMPTY_SCHOLAR_FILTERS, sort: 'updatedAt', order: 'desc', page: '1', pageSize: '25' };
const COLUMNS: { key: string; label: string; sort?: TSort }[] = [
  { key: 'name', label: 'Name', sort: 'name' },
  { key: 'department', label: 'Department', sort: 'department' },
  { key: 'visa', label: 'Visa type', sort: 'visa' },
  { key: 'phase', label: 'Phase', sort: 'phase' },
  { key: 'status', label: 'Status', sort: 'status' },
  { key: 'premium', label: 'Premium' },
  { key: 'end', label: 'End date', sort: 'endDate' },
  { key: 'updated', label: 'Updated', sort: 'updatedAt' },
];
const PHASE_CODES = new Set<string>(SCHOLAR_PHASES.map((p) => p.code));
const localDate = (iso: string) => new Date(iso).toLocaleDateString('en-US', { month: '2-digit', day: '2-digit', year: 'numeric' });

/** The office's scholar dashboard (#/admin/dashboard): cases by phase tab, searched, filtered, sorted and paged on the server. */
export function ScholarDashboardPage() {
  useDocumentTitle(DASHBOARD_TITLE);
  return <ScholarDashboard />;
}

function ScholarDashboard() {
  const [filters, setFilters] = useUrlFilters(DEFAULTS);
  const phase = PHASE_CODES.has(filters.tab) ? filters.tab : 'all';
  const page = Math.max(1, Number(filters.page) || 1);
  const pageSize = [10, 25, 50, 100].includes(Number(filters.pageSize)) ? Number(filters.pageSize) : 25;
  const sort: TSort = (scholarsApi.SCHOLAR_DASHBOARD_SORTS as readonly string[]).includes(filters.sort)
    ? (filters.sort as TSort)
    : 'updatedAt';
  const order = filters.order === 'asc' ? 'asc' : 'desc';
  const filterQuery: scholarsApi.TScholarDashboardFilters = useMemo(
    () => ({
      q: filters.q || undefined,
      departmentId: filters.dept || undefined,
      visa: (filters.visa || undefined) as scholarsApi.TScholarDashboardFilters['visa'],
      status: (filters.status || undefined) as scholarsApi.TScholarDashboardFilters['status'],
      premium: filters.premium === 'yes' || filters.premium === 'no' ? filters.premium : undefined,
      endFrom: addressDateToIso(filters.endFrom),
      endTo: addressDateToIso(filters.endTo),
      endingSoon: filters.soon === '1' ? '1' : undefined,
    }),
    [filters],
  );
  const scope = { ...filterQuery, phase: phase as scholarsApi.TScholarDashboardQuery['phase'] };
  const list = useScholarDashboard({ ...scope, sort, order, page, pageSize });
  const tabs = useScholarDashboardTabs(filterQuery);

  const [search, setSearch] = useState(filters.q);
  useEffect(() => setSearch(filters.q), [filters.q]);
  useEffect(() => {
    if (search.trim() === filters.q) return;
    const id = window.setTimeout(() => setFilters({ q: search.trim(), page: '1' }), 350);
    return () => window.clearTimeout(id);
  }, [search]); // eslint-disable-line react-hooks/exhaustive-deps

  const [exporting, setExporting] = useState<'scholars' | 'opt' | null>(null);
  const runExport = async (kind: 'scholars' | 'opt') => {
    setExporting(kind);
    try {
      await downloadScholarExport(kind, { ...scope, sort, order });
    } catch (e) {
      snack(`The export could not be made. ${(e as Error).message}`, 'error');
    } finally {
      setExporting(null);
    }
  };

  const filterValues: TScholarFilterValues = {
    dept: filters.dept,
    visa: filters.visa,
    status: filters.status,
    premium: filters.premium,
    endFrom: filters.endFrom,
    endTo: filters.endTo,
    soon: filters.soon,
  };
  const narrowed = !!filters.q || Object.values(filterValues).some((v) => v !== '');
  const items = list.data?.items ?? [];
  const total = list.data?.total ?? 0;
  const tabLabel = phase === 'all' ? 'All' : phaseLabel(phase);

  return (
    <Box>
      <PageHeader
        title={DASHBOARD_TITLE}
        subtitle="Every scholar and employee case, by phase. Search by name or e-mail, filter, sort, and export what you see to Excel."
        actions={
          <>
            <Button
              variant="outlined"
              startIcon={<FileDownload aria-hidden />}
              disabled={!!exporting || total === 0}
              onClick={() => void runExport('scholars')}
            >
              {exporting === 'scholars' ? 'Exporting…' : 'Export to Excel'}
            </Button>
            <Button
              variant="outlined"
              startIcon={<FileDownload aria-hidden />}
              disabled={!!exporting}
              onClick={() => void runExport('opt')}
            >
              {exporting === 'opt' ? 'Exporting…' : 'Export OPT list'}
            </Button>
          </>
        }
      />
      <Paper variant="outlined">
        <Tabs
          value={phase}
          onChange={(_, v: string) => setFilters({ tab: v, page: '1' })}
          variant="scrollable"
          scrollButtons="auto"
          aria-label="Phases"
          sx={{ borderBottom: 1, borderColor: 'divider', px: 1 }}
        >
          {(
            tabs.data ?? [
              { phase: 'all', label: 'All', count: 0 },
              ...SCHOLAR_PHASES.map((p) => ({ phase: p.code, label: p.label, count: 0 })),
            ]
          ).map((x) => (
            <Tab
              key={x.phase}
              value={x.phase}
              sx={{ textTransform: 'none', minWidth: 0 }}
              label={
                <span>
                  {x.label}{' '}
                  <Typography component="span" variant="body2" color="text.secondary">
                    ({tabs.data ? x.count : '…'})
                  </Typography>
                </span>
              }
            />
          ))}
        </Tabs>
        <Box role="search" aria-label="Find scholars" sx={{ display: 'flex', flexDirection: 'column', gap: 2, p: 2 }}>
          <TextField
            label="Search"
            placeholder="Name or e-mail"
            value={search}
            onChange={(e) => setSearch(e.target.value)}
            size="small"
            margin="none"
            sx={{ maxWidth: 420 }}
            slotProps={{
              input: {
                startAdornment: (
                  <InputAdornment position="start">
                    <Search aria-hidden />
                  </InputAdornment>
                ),
              },
              htmlInput: { maxLength: 100, type: 'search' },
            }}
          />
          <ScholarDashboardFilters values={filterValues} onChange={(patch) => setFilters({ ...patch, page: '1' })} />
        </Box>
        {list.isFetching ? <LinearProgress aria-label="Loading scholars" /> : <Box sx={{ height: 4 }} />}
        {list.isError ? (
          <Alert
            severity="error"
            sx={{ m: 2 }}
            action={
              <Button color="inherit" onClick={() => void list.refetch()}>
                Retry
              </Button>
            }
          >
            The dashboard could not be loaded. {(list.error as Error).message}
          </Alert>
        ) : null}
        <TableContainer>
          <Table size="small" sx={{ minWidth: 980 }}>
            <caption style={{ captionSide: 'top', padding: '8px 16px' }}>
              <Typography component="span" variant="subtitle2" color="text.primary">
                {tabLabel}
              </Typography>
              {list.data ? (
                <Typography
                  component="span"
                  variant="body2"
                  color="text.secondary"
                >{` — ${total} ${total === 1 ? 'case' : 'cases'}${narrowed ? ' match your search and filters' : ''}`}</Typography>
              ) : null}
            </caption>
            <TableHead>
              <TableRow>
                {COLUMNS.map((c) => (
                  <TableCell
                    key={c.key}
                    scope="col"
                    sx={{ whiteSpace: 'nowrap', fontWeight: 600 }}
                    sortDirection={c.sort && sort === c.sort ? order : false}
                  >
                    {c.sort ? (
                      <TableSortLabel
                        active={sort === c.sort}
                        direction={sort === c.sort ? order : 'asc'}
                        onClick={() => setFilters({ sort: c.sort!, order: sort === c.sort && order === 'asc' ? 'desc' : 'asc', page: '1' })}
                      >
                        {c.label}
                      </TableSortLabel>
                    ) : (
                      c.label
                    )}
                  </TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              {items.map((r) => (
                <TableRow key={r.applicationId} hover>
                  <TableCell component="th" scope="row">
                    {/* A sponsorship request not yet processed opens Review Sponsorship Request; a processed case its profile. */}
                    <Link
                      component={RouterLink}
                      to={r.processedState ? `/admin/scholar-profile/${r.applicationId}` : `/admin/reviewrequest/${r.applicationId}`}
                      sx={{ fontWeight: 600 }}
                    >
                      {[r.lastName, r.firstName].filter(Boolean).join(', ') || '(no name)'}
                    </Link>
                    <Typography variant="caption" color="text.secondary" component="div">
                      {r.email}
                    </Typography>
                  </TableCell>
                  <TableCell>{r.department.name}</TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>
                    {r.processedState ? (
                      visaLabel(r.processedState)
                    ) : (
                      <Typography component="span" variant="body2" color="text.secondary">
                        Proposed: {r.proposedStatus}
                      </Typography>
                    )}
                  </TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{phaseLabel(r.phase)}</TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{statusLabel(r.status)}</TableCell>
                  <TableCell>{r.premiumProcessFlag ? 'Yes' : 'No'}</TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>
                    {usDate(r.processedEndDate)}
                    {r.isEndingSoon ? <Chip size="small" color="warning" label="Ending soon" sx={{ ml: 1 }} /> : null}
                  </TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{localDate(r.updatedAt)}</TableCell>
                </TableRow>
              ))}
              {list.isSuccess && items.length === 0 ? (
                <TableRow>
                  <TableCell colSpan={COLUMNS.length} sx={{ py: 4, textAlign: 'center' }}>
                    <Typography>
                      {narrowed ? `No cases in “${tabLabel}” match your search and filters.` : `No cases in “${tabLabel}” yet.`}
                    </Typography>
                    {narrowed ? (
                      <Button
                        sx={{ mt: 1 }}
                        onClick={() => {
                          setSearch('');
                          setFilters({ q: '', ...EMPTY_SCHOLAR_FILTERS, page: '1' });
                        }}
                      >
                        Clear search and filters
                      </Button>
                    ) : null}
                  </TableCell>
                </TableRow>
              ) : null}
            </TableBody>
          </Table>
        </TableContainer>
        <TablePagination
          component="div"
          count={total}
          page={Math.min(page - 1, Math.max(0, Math.ceil(total / pageSize) - 1))}
          rowsPerPage={pageSize}
          rowsPerPageOptions={[10, 25, 50, 100]}
          onPageChange={(_, p) => setFilters({ page: String(p + 1) })}
          onRowsPerPageChange={(e) => setFilters({ pageSize: e.target.value, page: '1' })}
        />
      </Paper>
    </Box>
  );
}

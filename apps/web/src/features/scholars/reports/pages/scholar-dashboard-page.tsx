import { useCallback, useMemo, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { Box, Button, Chip, Link, Paper, Tab, Tabs, Typography } from '@mui/material';
import FileDownload from '@mui/icons-material/FileDownload';
import { SCHOLAR_PHASES, scholarsApi, type jobsApi } from '@meridian/domain';
import { type TOfficeDates, useFormatDates } from '../../../../app/office-dates';
import { useDocumentTitle } from '../../../../app/use-document-title';
import { PageHeader } from '../../../../ui/page-header';
import { snack } from '../../../../ui/notify';
import { DataTable, SearchField, useUrlTable, type TColumn } from '../../../../ui/data-table';
import { addressDateToIso } from '../../../../ui/url-filters';
import { useListScholarDashboard } from '../api/dashboard';
import { useScholarDashboardTabs } from '../api/dashboard-tabs';
import { JobProgress, useActiveJobOf } from '../../../jobs';
import {
  downloadScholarExport,
  exportKindOf,
  SCHOLAR_EXPORT_JOBS,
  type TScholarExportKind,
  useStartScholarExport,
} from '../api/export-scholars';
import { EMPTY_SCHOLAR_FILTERS, ScholarDashboardFilters } from '../components/scholar-dashboard-filters';
import { phaseLabel, statusLabel, visaLabel } from '../../labels';

const DASHBOARD_TITLE = 'International Scholar and Employee Admin';
const FILTERS = { tab: 'all', q: '', ...EMPTY_SCHOLAR_FILTERS };
const PHASE_CODES = new Set<string>(SCHOLAR_PHASES.map((p) => p.code));

const columnsFor = ({ formatDate }: TOfficeDates): TColumn<scholarsApi.TScholarDashboardItem>[] => [
  {
    key: 'name',
    header: 'Name',
    sort: 'name',
    isRowHeader: true,
    cell: (r) => (
      <>
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
      </>
    ),
  },
  { key: 'department', header: 'Department', sort: 'department', cell: (r) => r.department.name },
  {
    key: 'visa',
    header: 'Visa type',
    sort: 'visa',
    noWrap: true,
    cell: (r) =>
      r.processedState ? (
        visaLabel(r.processedState)
      ) : (
        <Typography component="span" variant="body2" color="text.secondary">
          Proposed: {r.proposedStatus}
        </Typography>
      ),
  },
  { key: 'phase', header: 'Phase', sort: 'phase', noWrap: true, cell: (r) => phaseLabel(r.phase) },
  { key: 'status', header: 'Status', sort: 'status', noWrap: true, cell: (r) => statusLabel(r.status) },
  { key: 'premium', header: 'Premium', cell: (r) => (r.premiumProcessFlag ? 'Yes' : 'No') },
  {
    key: 'end',
    header: 'End date',
    sort: 'endDate',
    noWrap: true,
    cell: (r) => (
      <>
        {formatDate(r.processedEndDate) || '—'}
        {r.isEndingSoon ? <Chip size="small" color="warning" label="Ending soon" sx={{ ml: 1 }} /> : null}
      </>
    ),
  },
  { key: 'updated', header: 'Updated', sort: 'updatedAt', noWrap: true, cell: (r) => formatDate(r.updatedAt) },
];

const failed = (message: string) => snack(`The export could not be made. ${message}`, 'error');

/** The office's scholar dashboard (#/admin/dashboard): cases by phase tab, searched, filtered, sorted and paged on the server. */
export function ScholarDashboardPage() {
  const dates = useFormatDates();
  useDocumentTitle(DASHBOARD_TITLE);
  const table = useUrlTable({ filters: FILTERS, sorts: scholarsApi.SCHOLAR_DASHBOARD_SORTS, sort: 'updatedAt', order: 'desc' });
  const { filters, setFilters } = table;
  const phase = PHASE_CODES.has(filters.tab) ? filters.tab : 'all';
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
  const list = useListScholarDashboard({ ...scope, sort: table.sort, order: table.order, page: table.page, pageSize: table.pageSize });
  const tabs = useScholarDashboardTabs(filterQuery);

  // An export runs on the server as a job; a page reloaded meanwhile finds it again and still downloads it.
  const startExport = useStartScholarExport();
  const activeScholars = useActiveJobOf(SCHOLAR_EXPORT_JOBS.scholars);
  const activeOpt = useActiveJobOf(SCHOLAR_EXPORT_JOBS.opt);
  const [started, setStarted] = useState<{ kind: TScholarExportKind; jobId: string } | null>(null);
  const [saving, setSaving] = useState<TScholarExportKind | null>(null);
  const running =
    started ??
    (activeScholars.data
      ? { kind: 'scholars' as const, jobId: activeScholars.data.id }
      : activeOpt.data
        ? { kind: 'opt' as const, jobId: activeOpt.data.id }
        : null);
  const exporting = startExport.isPending ? startExport.variables.kind : (running?.kind ?? saving);
  const qc = useQueryClient();
  const exportEnded = useCallback(
    (job: jobsApi.TJob) => {
      const kind = exportKindOf(job);
      setStarted(null);
      qc.setQueryData(['jobs', 'active', SCHOLAR_EXPORT_JOBS[kind]], { items: [] });
      if (job.status !== 'completed') {
        failed(job.error?.message ?? '');
        return;
      }
      setSaving(kind);
      downloadScholarExport(job)
        .catch((e: unknown) => failed((e as Error).message))
        .finally(() => setSaving(null));
    },
    [qc],
  );
  const runExport = (kind: TScholarExportKind) =>
    startExport.mutate(
      { kind, body: { ...scope, sort: table.sort, order: table.order } },
      { onSuccess: (job) => setStarted({ kind, jobId: job.id }), onError: (e) => failed(e.message) },
    );

  const { tab: _tab, q: _q, ...filterValues } = filters;
  const narrowed = !!filters.q || Object.values(filterValues).some((v) => v !== '');
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
              onClick={() => runExport('scholars')}
            >
              {exporting === 'scholars' ? 'Exporting…' : 'Export to Excel'}
            </Button>
            <Button variant="outlined" startIcon={<FileDownload aria-hidden />} disabled={!!exporting} onClick={() => runExport('opt')}>
              {exporting === 'opt' ? 'Exporting…' : 'Export OPT list'}
            </Button>
          </>
        }
      />
      {running ? (
        <JobProgress
          jobId={running.jobId}
          label={running.kind === 'opt' ? 'Exporting the OPT list' : 'Exporting to Excel'}
          onEnd={exportEnded}
        />
      ) : null}
      <Paper variant="outlined">
        <Tabs
          value={phase}
          onChange={(_, v: string) => setFilters({ tab: v })}
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
          <SearchField value={filters.q} onChange={(q) => setFilters({ q })} placeholder="Name or e-mail" sx={{ maxWidth: 420 }} />
          <ScholarDashboardFilters values={filterValues} onChange={setFilters} />
        </Box>
        <DataTable
          caption={
            <>
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
            </>
          }
          columns={columnsFor(dates)}
          rows={list.data?.items}
          rowKey={(r) => r.applicationId}
          query={list}
          loadingLabel="Loading scholars"
          errorText={`The dashboard could not be loaded. ${list.error?.message ?? ''}`}
          empty={
            <>
              <Typography>
                {narrowed ? `No cases in “${tabLabel}” match your search and filters.` : `No cases in “${tabLabel}” yet.`}
              </Typography>
              {narrowed ? (
                <Button sx={{ mt: 1 }} onClick={() => setFilters({ q: '', ...EMPTY_SCHOLAR_FILTERS })}>
                  Clear search and filters
                </Button>
              ) : null}
            </>
          }
          minWidth={980}
          total={total}
          paging={table.paging}
          sorting={table.sorting}
        />
      </Paper>
    </Box>
  );
}

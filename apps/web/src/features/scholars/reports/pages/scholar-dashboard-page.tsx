import { memo, useCallback, useMemo, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { Box, Button, Chip, Link, Paper, Tab, Tabs, Typography, useMediaQuery, type Theme } from '@mui/material';
import FileDownload from '@mui/icons-material/FileDownload';
import FilterList from '@mui/icons-material/FilterList';
import { SCHOLAR_PHASES, scholarsApi, type jobsApi } from '@meridian/domain';
import { type TOfficeDates, useFormatDates } from '../../../../app/office-dates';
import { useDocumentTitle } from '../../../../app/use-document-title';
import { PageHeader } from '../../../../ui/page-header';
import { DrawnAfter } from '../../../../ui/drawn-after';
import { snack } from '../../../../ui/notify';
import { DataTable, SearchField, useUrlTable, type TColumn } from '../../../../ui/data-table';
import { addressDateToIso } from '../../../../ui/url-filters';
import { useListScholarDashboard } from '../api/dashboard';
import { useScholarDashboardTabs } from '../api/dashboard-tabs';
import { JobProgress, useActiveJobOf } from '../../../jobs';
import { useCan } from '../../../auth';
import {
  downloadScholarExport,
  exportKindOf,
  SCHOLAR_EXPORT_JOBS,
  type TScholarExportKind,
  useStartScholarExport,
} from '../api/export-scholars';
import { EMPTY_SCHOLAR_FILTERS, ScholarDashboardFilters } from '../components/scholar-dashboard-filters';
import { phaseLabel, statusLabel, visaLabel } from '../../labels';
import { SHELL_PREVIEWS } from '../../../../app/shell-previews';
import { formatCount } from '../../../../ui/format-count';

/** The header, as the page is previewed while its code arrives. */
const DASHBOARD_HEADER = SHELL_PREVIEWS.admin;
const FILTERS = { tab: 'all', q: '', ...EMPTY_SCHOLAR_FILTERS };
const PHASE_CODES = new Set<string>(SCHOLAR_PHASES.map((p) => p.code));
const count = formatCount;

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

type TFilters = typeof FILTERS;
const ALL_TABS: scholarsApi.TScholarDashboardTab[] = [
  { phase: 'all', label: 'All', count: 0, capped: false },
  ...SCHOLAR_PHASES.map((p) => ({ phase: p.code, label: p.label, count: 0, capped: false })),
];

// The page is drawn again whenever one of its queries answers (the list, the tab counts, the export
// jobs): the tabs and the search and filter fields are drawn again only when what they show changes.

/** The phase tabs, each with its number of cases ("…" until counted). */
const PhaseTabs = memo(function PhaseTabs({
  phase,
  tabs,
  onChange,
}: {
  phase: string;
  tabs: scholarsApi.TScholarDashboardTab[] | undefined;
  onChange: (patch: Partial<TFilters>) => void;
}) {
  return (
    <Tabs
      value={phase}
      onChange={(_, v: string) => onChange({ tab: v })}
      aria-label="Phases"
      // Scrolled natively where the phases do not fit (a phone): MUI's scrollable variant measures the page
      // on every drawing (its scrollbar and buttons), forcing a layout in the middle of the first render.
      sx={{ borderBottom: 1, borderColor: 'divider', px: 1, '& .MuiTabs-scroller': { overflowX: 'auto' } }}
    >
      {(tabs ?? ALL_TABS).map((x) => (
        <Tab
          key={x.phase}
          value={x.phase}
          sx={{ textTransform: 'none', minWidth: 0 }}
          label={
            <span>
              {x.label}{' '}
              <Typography component="span" variant="body2" color="text.secondary">
                ({tabs ? `${count(x.count)}${x.capped ? '+' : ''}` : '…'})
              </Typography>
            </span>
          }
        />
      ))}
    </Tabs>
  );
});

/**
 * The search box and the filters. On a phone the seven filters would fill the screen before the first
 * case: they fold under a "Filters" button (open from the start when one is set, with how many are).
 */
const Finders = memo(function Finders({ values, onChange }: { values: TFilters; onChange: (patch: Partial<TFilters>) => void }) {
  const { tab: _tab, q, ...filterValues } = values;
  // Known at the first drawing (noSsr), so the page never draws the filters and then folds them.
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'), { noSsr: true });
  const set = Object.values(filterValues).filter((v) => v !== '').length;
  const [open, setOpen] = useState(set > 0);
  const shown = !phone || open;
  return (
    <Box role="search" aria-label="Find scholars" sx={{ display: 'flex', flexDirection: 'column', gap: 2, p: 2 }}>
      <SearchField value={q} onChange={(text) => onChange({ q: text })} placeholder="Name or e-mail" sx={{ maxWidth: 420 }} />
      {phone ? (
        <Button
          variant="outlined"
          startIcon={<FilterList aria-hidden />}
          aria-expanded={open}
          aria-controls="sd-filters"
          onClick={() => setOpen((o) => !o)}
          sx={{ alignSelf: 'flex-start' }}
        >
          {set ? `Filters (${set})` : 'Filters'}
        </Button>
      ) : null}
      {shown ? (
        <div id="sd-filters">
          <ScholarDashboardFilters values={filterValues} onChange={onChange} />
        </div>
      ) : null}
    </Box>
  );
});

const rowKey = (r: scholarsApi.TScholarDashboardItem) => r.applicationId;

const failed = (message: string) => snack(`The export could not be made. ${message}`, 'error');

/** The office's scholar dashboard (#/admin/dashboard): cases by phase tab, searched, filtered, sorted and paged on the server. */
export function ScholarDashboardPage() {
  const dates = useFormatDates();
  const columns = useMemo(() => columnsFor(dates), [dates]);
  useDocumentTitle(DASHBOARD_HEADER.title);
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
  // One page forwards or back goes by the answer's cursor (the server walks its index from there); a page
  // number alone (a link, the first page) is read by skipping rows.
  const list = useListScholarDashboard({
    ...scope,
    sort: table.sort,
    order: table.order,
    page: table.page,
    pageSize: table.pageSize,
    after: table.paging.after,
    before: table.paging.before,
  });
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
  const mayExport = useCan('scholars.export');
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

  const narrowed = Object.entries(filters).some(([k, v]) => k !== 'tab' && v !== '');
  const total = list.data?.total ?? 0;
  // Lists and tabs count up to a cap (10 000): past it they say "more than".
  const cases = `${list.data?.totalCapped ? 'more than ' : ''}${count(total)} ${total === 1 && !list.data?.totalCapped ? 'case' : 'cases'}`;
  const tabLabel = phase === 'all' ? 'All' : phaseLabel(phase);

  return (
    <Box>
      <PageHeader
        title={DASHBOARD_HEADER.title}
        subtitle={DASHBOARD_HEADER.subtitle}
        actions={
          mayExport ? (
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
          ) : undefined
        }
      />
      {running ? (
        <JobProgress
          jobId={running.jobId}
          label={running.kind === 'opt' ? 'Exporting the OPT list' : 'Exporting to Excel'}
          onEnd={exportEnded}
        />
      ) : null}
      {/* The header (and the export buttons) first; the tabs, filters and list in a render of their own. */}
      <DrawnAfter>
        <Paper variant="outlined">
          <PhaseTabs phase={phase} tabs={tabs.data} onChange={setFilters} />
          <Finders values={filters} onChange={setFilters} />
          {/* The list in a drawing of its own again, below what is already there. */}
          <DrawnAfter>
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
                    >{` — ${cases}${narrowed ? ' match your search and filters' : ''}`}</Typography>
                  ) : null}
                </>
              }
              columns={columns}
              rows={list.data?.items}
              rowKey={rowKey}
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
              seek={list.data}
              paging={table.paging}
              sorting={table.sorting}
            />
          </DrawnAfter>
        </Paper>
      </DrawnAfter>
    </Box>
  );
}

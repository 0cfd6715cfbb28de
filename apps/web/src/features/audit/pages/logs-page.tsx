import { useCallback, useState } from 'react';
import { Box, Button, Paper, Stack } from '@mui/material';
import FileDownload from '@mui/icons-material/FileDownload';
import { useQueryClient } from '@tanstack/react-query';
import { auditApi, type jobsApi } from '@meridian/domain';
import { type TOfficeDates, useFormatDates } from '../../../app/office-dates';
import { fieldErrorOf, isApiError } from '../../../app/http/api-error';
import { useDocumentTitle } from '../../../app/use-document-title';
import { DataTable, DateFilter, SearchField, SelectFilter, TextFilter, useUrlTable, type TColumn } from '../../../ui/data-table';
import { snack } from '../../../ui/notify';
import { PageHeader } from '../../../ui/page-header';
import { addressDateToIso } from '../../../ui/url-filters';
import { jobFailure, JobProgress, useActiveJobOf } from '../../jobs';
import { downloadLogsExport, useListLogs, useStartLogsExport } from '../api/logs';
import { LogDetailsDialog } from '../components/log-details-dialog';

type TEntry = auditApi.TLogEntry;

const FILTERS = { logType: 'all', from: '', to: '', actor: '', q: '' };
const LOG_TYPE_OPTIONS = auditApi.LOG_TYPES.map((t) => ({ value: t.key, label: t.label }));
const logTypeOf = (v: string): auditApi.TLogType =>
  auditApi.LOG_TYPE_KEYS.includes(v as auditApi.TLogType) ? (v as auditApi.TLogType) : 'all';

const columnsFor = ({ formatDateTime }: TOfficeDates, open: (e: TEntry) => void): TColumn<TEntry>[] => [
  { key: 'at', header: 'When', noWrap: true, cell: (e) => formatDateTime(e.at) },
  {
    key: 'who',
    header: 'Who',
    cell: (e) =>
      e.actorName ? (
        <>
          {e.actorName}
          <Box component="span" sx={{ display: 'block', color: 'text.secondary', fontSize: 13 }}>
            {e.actorEmail}
          </Box>
        </>
      ) : (
        'System'
      ),
  },
  { key: 'type', header: 'Log type', noWrap: true, cell: (e) => e.logType },
  {
    key: 'action',
    header: 'Action',
    isRowHeader: true,
    cell: (e) => (
      <Button variant="text" size="small" sx={{ textAlign: 'left', textTransform: 'none', p: 0 }} onClick={() => open(e)}>
        {e.actionLabel}
      </Button>
    ),
  },
  {
    key: 'what',
    header: 'What',
    cell: (e) => (
      <>
        {e.entityType}
        <Box component="span" sx={{ display: 'block', color: 'text.secondary', fontSize: 13, wordBreak: 'break-all' }}>
          {e.entityId}
        </Box>
      </>
    ),
  },
  { key: 'ip', header: 'IP address', noWrap: true, cell: (e) => e.ip ?? '' },
];

/**
 * #/admin/logs and #/isss/logs: the office's Logs, every recorded event by kind, days, person and
 * words, each opening to what changed; exported to Excel (docs/product/logs.md).
 */
export function LogsPage() {
  useDocumentTitle('Logs');
  const dates = useFormatDates();
  const table = useUrlTable({ filters: FILTERS, pageSize: 25 });
  const { filters, setFilters } = table;
  const [open, setOpen] = useState<TEntry | null>(null);
  const scope = {
    logType: logTypeOf(filters.logType),
    from: addressDateToIso(filters.from),
    to: addressDateToIso(filters.to),
    actor: filters.actor,
    q: filters.q,
  };
  const list = useListLogs({ ...scope, page: table.page, pageSize: table.pageSize });
  // A refused date range is told on the date the server names.
  const refused = list.isError ? list.error : null;

  // The export runs on the server as a job; a page reloaded meanwhile finds it again and still downloads it.
  const startExport = useStartLogsExport();
  const active = useActiveJobOf(auditApi.EXPORT_LOGS_JOB);
  const [started, setStarted] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const running = started ?? active.data?.id ?? null;
  const qc = useQueryClient();
  const exportEnded = useCallback(
    (job: jobsApi.TJob) => {
      setStarted(null);
      qc.setQueryData(['jobs', 'active', auditApi.EXPORT_LOGS_JOB], { items: [] });
      if (job.status !== 'completed') return snack(jobFailure(job).message, 'error');
      setSaving(true);
      downloadLogsExport(job)
        .catch((e: unknown) => snack((e as Error).message, 'error'))
        .finally(() => setSaving(false));
    },
    [qc],
  );
  const exporting = startExport.isPending || !!running || saving;
  const total = list.data?.total ?? 0;
  const filtered = Object.entries(filters).some(([k, v]) => (k === 'logType' ? v !== 'all' : v !== ''));

  return (
    <Box>
      <PageHeader
        title="Logs"
        subtitle="Everything recorded in the portal: sign-ins, permission changes, changes to records, SEVIS work, e-mail, imports and integrations. Open an entry to see what changed."
        actions={
          <Button
            variant="outlined"
            startIcon={<FileDownload aria-hidden />}
            disabled={exporting || total === 0}
            onClick={() =>
              startExport.mutate(scope, {
                onSuccess: (job) => setStarted(job.id),
                onError: (e) => snack(isApiError(e) ? e.message : 'The export could not be started.', 'error'),
              })
            }
          >
            {exporting ? 'Exporting…' : 'Export'}
          </Button>
        }
      />
      {running ? <JobProgress jobId={running} label="Exporting the logs" onEnd={exportEnded} /> : null}
      <Paper variant="outlined">
        <Box component="form" role="search" aria-label="Filter the logs" onSubmit={(e) => e.preventDefault()}>
          <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} useFlexGap sx={{ p: 2, flexWrap: 'wrap' }}>
            <SelectFilter
              id="logs-type"
              label="Log type"
              width={180}
              anyLabel={null}
              value={logTypeOf(filters.logType)}
              onChange={(logType) => setFilters({ logType })}
              options={LOG_TYPE_OPTIONS}
            />
            <DateFilter
              id="logs-from"
              label="From"
              value={filters.from}
              onChange={(from) => setFilters({ from })}
              serverError={fieldErrorOf(refused, 'from')}
            />
            <DateFilter
              id="logs-to"
              label="To"
              value={filters.to}
              onChange={(to) => setFilters({ to })}
              serverError={fieldErrorOf(refused, 'to')}
            />
            <TextFilter
              label="Person"
              width={220}
              value={filters.actor}
              onChange={(actor) => setFilters({ actor })}
              placeholder="Name or e-mail"
            />
            <SearchField
              value={filters.q}
              onChange={(q) => setFilters({ q })}
              helperText="Record id or action code"
              sx={{ width: { xs: '100%', md: 280 } }}
            />
          </Stack>
        </Box>
        <DataTable
          label="Logs"
          columns={columnsFor(dates, setOpen)}
          rows={list.data?.items}
          rowKey={(e) => e.id}
          query={list}
          loadingLabel="Loading the logs"
          empty={filtered ? 'No entry matches these filters.' : 'Nothing has been recorded yet.'}
          minWidth={900}
          total={total}
          paging={table.paging}
        />
      </Paper>
      <LogDetailsDialog entry={open} onClose={() => setOpen(null)} />
    </Box>
  );
}

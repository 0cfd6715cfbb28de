import { Link as RouterLink } from 'react-router';
import { Box, Chip, Link, Paper, Stack, Typography } from '@mui/material';
import { SEVIS_EVENT_STATUS_LABELS, sevisApi } from '@meridian/domain';
import { type TOfficeDates, useFormatDates } from '../../../app/office-dates';
import { useDocumentTitle } from '../../../app/use-document-title';
import { DataTable, SearchField, SelectFilter, useUrlTable, type TColumn } from '../../../ui/data-table';
import { PageHeader } from '../../../ui/page-header';
import { useListSystemErrors } from '../api/sevis-results';
import { SevisEventActions } from '../components/sevis-event-actions';

const FILTERS = { q: '', code: '', status: '' };
/** The two kinds of trouble, named as My work names them (its counts open this page filtered to one). */
const STATUS_OPTIONS = [
  { value: 'held', label: 'Held back by the batch checks' },
  { value: 'failed', label: 'Refused by SEVIS' },
] as const;

const columnsFor = ({ formatDateTime }: TOfficeDates): TColumn<sevisApi.TSystemError>[] => [
  { key: 'date', header: 'When', sort: 'date', noWrap: true, cell: (r) => formatDateTime(r.updatedAt) },
  {
    key: 'student',
    header: 'Student',
    sort: 'student',
    isRowHeader: true,
    cell: (r) => (
      <>
        <Link component={RouterLink} to={sevisApi.sevisUpdatesPath(r.profileId, r.visaType)}>
          {r.studentName}
        </Link>
        {r.sevisId ? (
          <Typography variant="caption" component="div" sx={{ fontFamily: 'monospace' }}>
            {r.sevisId}
          </Typography>
        ) : null}
      </>
    ),
  },
  { key: 'event', header: 'SEVIS update', cell: (r) => `${r.eventType}${r.action && r.action !== r.eventType ? ` / ${r.action}` : ''}` },
  {
    key: 'code',
    header: 'Code',
    sort: 'code',
    cell: (r) => (
      <>
        {r.resultCode ? <strong>{r.resultCode}</strong> : null}
        <Chip
          size="small"
          variant="outlined"
          color={r.status === 'failed' ? 'error' : 'warning'}
          label={SEVIS_EVENT_STATUS_LABELS[r.status === 'failed' ? 'failed' : 'held']}
          sx={{ ml: r.resultCode ? 1 : 0 }}
        />
      </>
    ),
  },
  {
    key: 'message',
    header: 'Message',
    sx: { maxWidth: 420 },
    cell: (r) => (
      <>
        {r.message || '—'}
        <SevisEventActions event={{ id: r.eventId, status: r.status, eventType: r.eventType, action: r.action }} />
      </>
    ),
  },
  {
    key: 'batch',
    header: 'Batch',
    noWrap: true,
    cell: (r) => (
      <>
        {r.batchRowId ? (
          <Link component={RouterLink} to={`/isss/batch-manager?batch=${r.batchRowId}`}>
            {r.batchId}
          </Link>
        ) : (
          '—'
        )}
        {r.orgId ? (
          <Typography variant="caption" component="div">
            {r.orgId}
          </Typography>
        ) : null}
      </>
    ),
  },
];

/** #/isss/system-errors: SEVIS updates SEVIS refused (its code and message) or our schema check held back. */
export function SystemErrorsPage() {
  useDocumentTitle('System Errors');
  return (
    <Box>
      <PageHeader
        title="System Errors"
        subtitle="SEVIS updates that SEVIS refused, with its error code and message, and those held back because they did not pass the SEVIS schema. Correct the student record, then send the update again, or cancel it with a reason."
      />
      <SystemErrors />
    </Box>
  );
}

function SystemErrors() {
  const dates = useFormatDates();
  // The address has always called the sort order 'dir' here: old links keep working.
  const table = useUrlTable({ filters: FILTERS, sorts: sevisApi.SYSTEM_ERROR_SORTS, sort: 'date', order: 'desc', orderKey: 'dir' });
  const { filters, setFilters } = table;
  const list = useListSystemErrors({
    page: table.page,
    pageSize: table.pageSize,
    q: filters.q || undefined,
    code: filters.code || undefined,
    status: filters.status === 'held' || filters.status === 'failed' ? filters.status : undefined,
    sort: table.sort,
    dir: table.order,
  });
  return (
    <Paper variant="outlined">
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ p: 2 }}>
        <SearchField
          value={filters.q}
          onChange={(q) => setFilters({ q })}
          helperText="Name, SEVIS ID, batch ID or message"
          sx={{ width: { xs: '100%', sm: 420 } }}
        />
        <SearchField
          label="Error code"
          value={filters.code}
          onChange={(code) => setFilters({ code })}
          transform={(v) => v.toUpperCase()}
          helperText="e.g. S1056"
          sx={{ width: 160 }}
        />
        <SelectFilter
          id="sys-err-status"
          label="Status"
          width={200}
          value={filters.status}
          onChange={(status) => setFilters({ status })}
          options={STATUS_OPTIONS}
        />
      </Stack>
      <DataTable
        label="System errors"
        columns={columnsFor(dates)}
        rows={list.data?.items}
        rowKey={(r) => r.eventId}
        query={list}
        loadingLabel="Loading errors"
        empty={
          filters.q || filters.code || filters.status
            ? 'No errors match these filters.'
            : 'No SEVIS errors: every update SEVIS answered was accepted.'
        }
        minWidth={900}
        total={list.data?.total ?? 0}
        paging={table.paging}
        sorting={table.sorting}
      />
    </Paper>
  );
}

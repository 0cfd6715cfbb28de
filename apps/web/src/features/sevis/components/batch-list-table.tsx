import { Box, Button, Paper, Typography } from '@mui/material';
import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import SendOutlined from '@mui/icons-material/SendOutlined';
import { sevisApi } from '@meridian/domain';
import { useFormatDates } from '../../../app/office-dates';
import { toast } from '../../../ui/notify';
import { DataTable, SearchField, SelectFilter, useUrlTable, type TColumn } from '../../../ui/data-table';
import { downloadBatchXml, useListBatches } from '../api/sevis-batches';
import { BatchStatusChip } from './batch-status-chip';
import { orgIdOptions } from './org-id-options';
import { BatchResultsActions } from '../pages/results-batch-actions';

// The Batch Manager shows two lists: this one's names in the address start with 'b'.
const FILTERS = { bStatus: '', bKind: '', bOrg: '', bQ: '' };

/** The batches of the caller's sites: statuses, download, mark sent, records. */
export function BatchListTable({
  groups,
  onMarkSent,
  onOpen,
}: {
  groups: sevisApi.TPendingGroup[];
  onMarkSent: (b: sevisApi.TSevisBatch) => void;
  onOpen: (b: sevisApi.TSevisBatch) => void;
}) {
  const { formatDateTime } = useFormatDates();
  const table = useUrlTable({ filters: FILTERS, pageKey: 'bPage', pageSizeKey: 'bSize', pageSize: 10 });
  const { filters, setFilters } = table;
  const list = useListBatches({
    page: table.page,
    pageSize: table.pageSize,
    ...(filters.bStatus ? { status: filters.bStatus as sevisApi.TSevisBatchStatus } : {}),
    ...(filters.bKind ? { kind: filters.bKind as 'student' | 'ev' } : {}),
    ...(filters.bOrg ? { settingsId: filters.bOrg } : {}),
    ...(filters.bQ ? { q: filters.bQ } : {}),
  });
  const columns: TColumn<sevisApi.TSevisBatch>[] = [
    {
      key: 'batch',
      header: 'Batch id',
      isRowHeader: true,
      cell: (b) => (
        <>
          <Button
            size="small"
            onClick={() => onOpen(b)}
            sx={{ fontFamily: 'monospace', p: 0, minWidth: 0 }}
            aria-label={`Show the records of batch ${b.batchId} (OrgID ${b.orgId})`}
          >
            {b.batchId}
          </Button>
          <Typography variant="caption" component="div" color="text.secondary">
            {sevisApi.SEVIS_BATCH_KIND_LABELS[b.kind]}
          </Typography>
        </>
      ),
    },
    {
      key: 'org',
      header: 'OrgID',
      cell: (b) => (
        <>
          <Box component="span" sx={{ fontFamily: 'monospace' }}>
            {b.orgId}
          </Box>
          <Typography variant="caption" component="div" color="text.secondary">
            {b.campusSiteName}
          </Typography>
        </>
      ),
    },
    { key: 'records', header: 'Records', align: 'right', cell: (b) => b.recordCount },
    {
      key: 'status',
      header: 'Status',
      cell: (b) => (
        <>
          <BatchStatusChip status={b.status} />
          {b.resultCode ? (
            <Typography variant="caption" component="div" color="text.secondary">
              {b.resultCode} {b.resultMessage}
            </Typography>
          ) : null}
        </>
      ),
    },
    {
      key: 'created',
      header: 'Created',
      noWrap: true,
      cell: (b) => (
        <>
          {formatDateTime(b.createdAt)}
          <Typography variant="caption" component="div" color="text.secondary">
            {b.createdByName} · user id {b.sevisUserId}
          </Typography>
        </>
      ),
    },
    {
      key: 'sent',
      header: 'Sent',
      noWrap: true,
      cell: (b) => (
        <>
          {b.sentAt ? formatDateTime(b.sentAt) : '—'}
          {b.sentVia === 'manual' ? (
            <Typography variant="caption" component="div" color="text.secondary">
              Uploaded by hand
            </Typography>
          ) : null}
        </>
      ),
    },
    {
      key: 'actions',
      header: 'Actions',
      noWrap: true,
      cell: (b) => (
        <>
          <Button
            size="small"
            startIcon={<FileDownloadOutlined />}
            aria-label={`Download the XML of batch ${b.batchId} (OrgID ${b.orgId})`}
            onClick={() => void downloadBatchXml(b).catch(() => toast('The batch file could not be downloaded.'))}
          >
            XML
          </Button>
          {b.canSend ? (
            <Button
              size="small"
              startIcon={<SendOutlined />}
              onClick={() => onMarkSent(b)}
              aria-label={`Mark batch ${b.batchId} sent (OrgID ${b.orgId})`}
            >
              Mark sent
            </Button>
          ) : null}
          <BatchResultsActions batch={b} />
        </>
      ),
    },
  ];
  return (
    <Paper variant="outlined">
      <Box role="search" aria-label="Filter batches" sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, p: 2, pb: 1 }}>
        <SearchField label="Batch id" value={filters.bQ} onChange={(bQ) => setFilters({ bQ })} sx={{ width: 220 }} />
        <SelectFilter
          id="batch-status"
          label="Status"
          width={230}
          anyLabel="All statuses"
          value={filters.bStatus}
          onChange={(bStatus) => setFilters({ bStatus })}
          options={sevisApi.SEVIS_BATCH_STATUSES.map((s) => ({ value: s, label: sevisApi.SEVIS_BATCH_STATUS_LABELS[s] }))}
        />
        <SelectFilter
          id="batch-kind"
          label="Kind"
          width={200}
          anyLabel="F-1 and J-1"
          value={filters.bKind}
          onChange={(bKind) => setFilters({ bKind })}
          options={[
            { value: 'student', label: sevisApi.SEVIS_BATCH_KIND_LABELS.student },
            { value: 'ev', label: sevisApi.SEVIS_BATCH_KIND_LABELS.ev },
          ]}
        />
        <SelectFilter
          id="batch-org"
          label="OrgID"
          width={240}
          anyLabel="All OrgIDs"
          value={filters.bOrg}
          onChange={(bOrg) => setFilters({ bOrg })}
          options={orgIdOptions(groups)}
        />
      </Box>
      <DataTable
        label="Batches"
        columns={columns}
        rows={list.data?.items}
        rowKey={(b) => b.id}
        query={list}
        loadingLabel="Loading batches"
        empty="No batches match these filters."
        minWidth={960}
        total={list.data?.total ?? 0}
        paging={table.paging}
      />
    </Paper>
  );
}

import {
  Box,
  Button,
  InputAdornment,
  MenuItem,
  Paper,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import Search from '@mui/icons-material/Search';
import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import SendOutlined from '@mui/icons-material/SendOutlined';
import { sevisApi } from '@meridian/domain';
import { formatDateTime } from '../../../ui/format-date';
import { toast } from '../../../ui/notify';
import { downloadBatchXml, useBatchList } from '../api/sevis-batches';
import { BatchStatusChip } from './batch-status-chip';
import { useSearchText } from './batch-search';
import { ListEmptyRow, ListLoadingBar, ListPagination, orgIdOptions } from './list-table-parts';
import { BatchResultsActions } from '../pages/results-batch-actions';

export interface TBatchFilters {
  bStatus: string;
  bKind: string;
  bOrg: string;
  bQ: string;
  bPage: string;
  bSize: string;
}

/** The batches of the caller's sites: statuses, download, mark sent, records. */
export function BatchListTable({
  filters,
  setFilters,
  groups,
  onMarkSent,
  onOpen,
}: {
  filters: TBatchFilters;
  setFilters: (p: Partial<TBatchFilters>) => void;
  groups: sevisApi.TPendingGroup[];
  onMarkSent: (b: sevisApi.TSevisBatch) => void;
  onOpen: (b: sevisApi.TSevisBatch) => void;
}) {
  const page = Number(filters.bPage) || 1;
  const pageSize = Number(filters.bSize) || 10;
  const query: sevisApi.TListBatchesQuery = {
    page,
    pageSize,
    ...(filters.bStatus ? { status: filters.bStatus as sevisApi.TSevisBatchStatus } : {}),
    ...(filters.bKind ? { kind: filters.bKind as 'student' | 'ev' } : {}),
    ...(filters.bOrg ? { settingsId: filters.bOrg } : {}),
    ...(filters.bQ ? { q: filters.bQ } : {}),
  };
  const list = useBatchList(query);
  const [q, setQ] = useSearchText(filters.bQ, (v) => setFilters({ bQ: v, bPage: '1' }));
  const items = list.data?.items ?? [];
  return (
    <Paper variant="outlined">
      <Box role="search" aria-label="Filter batches" sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, p: 2, pb: 1 }}>
        <TextField
          label="Batch id"
          value={q}
          onChange={(e) => setQ(e.target.value)}
          size="small"
          margin="none"
          fullWidth={false}
          sx={{ width: 220 }}
          slotProps={{
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <Search aria-hidden />
                </InputAdornment>
              ),
            },
            htmlInput: { maxLength: 40 },
          }}
        />
        <TextField
          select
          size="small"
          margin="none"
          fullWidth={false}
          sx={{ minWidth: 230 }}
          label="Status"
          value={filters.bStatus}
          slotProps={{ inputLabel: { shrink: true }, select: { displayEmpty: true } }}
          onChange={(e) => setFilters({ bStatus: e.target.value, bPage: '1' })}
        >
          <MenuItem value="">All statuses</MenuItem>
          {sevisApi.SEVIS_BATCH_STATUSES.map((s) => (
            <MenuItem key={s} value={s}>
              {sevisApi.SEVIS_BATCH_STATUS_LABELS[s]}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          size="small"
          margin="none"
          fullWidth={false}
          sx={{ minWidth: 200 }}
          label="Kind"
          value={filters.bKind}
          slotProps={{ inputLabel: { shrink: true }, select: { displayEmpty: true } }}
          onChange={(e) => setFilters({ bKind: e.target.value, bPage: '1' })}
        >
          <MenuItem value="">F-1 and J-1</MenuItem>
          <MenuItem value="student">{sevisApi.SEVIS_BATCH_KIND_LABELS.student}</MenuItem>
          <MenuItem value="ev">{sevisApi.SEVIS_BATCH_KIND_LABELS.ev}</MenuItem>
        </TextField>
        <TextField
          select
          size="small"
          margin="none"
          fullWidth={false}
          sx={{ minWidth: 240 }}
          label="OrgID"
          value={filters.bOrg}
          slotProps={{ inputLabel: { shrink: true }, select: { displayEmpty: true } }}
          onChange={(e) => setFilters({ bOrg: e.target.value, bPage: '1' })}
        >
          <MenuItem value="">All OrgIDs</MenuItem>
          {orgIdOptions(groups)}
        </TextField>
      </Box>
      <ListLoadingBar list={list} label="Loading batches" />
      <TableContainer>
        <Table size="small" aria-label="Batches" sx={{ minWidth: 960 }}>
          <TableHead>
            <TableRow>
              <TableCell scope="col">Batch id</TableCell>
              <TableCell scope="col">OrgID</TableCell>
              <TableCell scope="col" align="right">
                Records
              </TableCell>
              <TableCell scope="col">Status</TableCell>
              <TableCell scope="col">Created</TableCell>
              <TableCell scope="col">Sent</TableCell>
              <TableCell scope="col">Actions</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {items.map((b) => (
              <TableRow key={b.id} hover>
                <TableCell component="th" scope="row">
                  <Button
                    size="small"
                    onClick={() => onOpen(b)}
                    sx={{ fontFamily: 'monospace', p: 0, minWidth: 0 }}
                    aria-label={`Show the records of batch ${b.batchId}`}
                  >
                    {b.batchId}
                  </Button>
                  <Typography variant="caption" component="div" color="text.secondary">
                    {sevisApi.SEVIS_BATCH_KIND_LABELS[b.kind]}
                  </Typography>
                </TableCell>
                <TableCell>
                  <Box component="span" sx={{ fontFamily: 'monospace' }}>
                    {b.orgId}
                  </Box>
                  <Typography variant="caption" component="div" color="text.secondary">
                    {b.campusSiteName}
                  </Typography>
                </TableCell>
                <TableCell align="right">{b.recordCount}</TableCell>
                <TableCell>
                  <BatchStatusChip status={b.status} />
                  {b.resultCode ? (
                    <Typography variant="caption" component="div" color="text.secondary">
                      {b.resultCode} {b.resultMessage}
                    </Typography>
                  ) : null}
                </TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>
                  {formatDateTime(b.createdAt)}
                  <Typography variant="caption" component="div" color="text.secondary">
                    {b.createdByName} · user id {b.sevisUserId}
                  </Typography>
                </TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>
                  {b.sentAt ? formatDateTime(b.sentAt) : '—'}
                  {b.sentVia === 'manual' ? (
                    <Typography variant="caption" component="div" color="text.secondary">
                      Uploaded by hand
                    </Typography>
                  ) : null}
                </TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>
                  <Button
                    size="small"
                    startIcon={<FileDownloadOutlined />}
                    aria-label={`Download the XML of batch ${b.batchId}`}
                    onClick={() => downloadBatchXml(b).catch(() => toast('The batch file could not be downloaded.'))}
                  >
                    XML
                  </Button>
                  {b.canSend ? (
                    <Button
                      size="small"
                      startIcon={<SendOutlined />}
                      onClick={() => onMarkSent(b)}
                      aria-label={`Mark batch ${b.batchId} sent`}
                    >
                      Mark sent
                    </Button>
                  ) : null}
                  <BatchResultsActions batch={b} />
                </TableCell>
              </TableRow>
            ))}
            <ListEmptyRow list={list} rowCount={items.length} colSpan={7} emptyText="No batches match these filters." />
          </TableBody>
        </Table>
      </TableContainer>
      <ListPagination
        total={list.data?.total ?? 0}
        page={page}
        pageSize={pageSize}
        onChange={(p) => setFilters({ bPage: p.page, ...(p.pageSize ? { bSize: p.pageSize } : {}) })}
      />
    </Paper>
  );
}

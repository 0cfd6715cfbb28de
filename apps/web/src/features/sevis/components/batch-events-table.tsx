import { Link as RouterLink } from 'react-router';
import {
  Box,
  Chip,
  InputAdornment,
  Link,
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
import { SEVIS_EVENT_STATUS_LABELS, type sevisApi } from '@meridian/domain';
import { formatDate } from '../../../ui/format-date';
import { usePendingEvents } from '../api/sevis-batches';
import { useSearchText } from './batch-search';
import { ListEmptyRow, ListLoadingBar, ListPagination, orgIdOptions } from './list-table-parts';

export interface TEventFilters {
  eOrg: string;
  eStatus: string;
  eQ: string;
  ePage: string;
  eSize: string;
}

/** Pending and held events of the caller's sites: who, which event, raised when, and why a record was held back. */
export function BatchEventsTable({
  filters,
  setFilters,
  groups,
}: {
  filters: TEventFilters;
  setFilters: (p: Partial<TEventFilters>) => void;
  groups: sevisApi.TPendingGroup[];
}) {
  const page = Number(filters.ePage) || 1;
  const pageSize = Number(filters.eSize) || 10;
  const query: sevisApi.TListPendingEventsQuery = {
    page,
    pageSize,
    ...(filters.eOrg ? { settingsId: filters.eOrg } : {}),
    ...(filters.eStatus ? { status: filters.eStatus as 'pending' | 'held' } : {}),
    ...(filters.eQ ? { q: filters.eQ } : {}),
  };
  const list = usePendingEvents(query);
  const [q, setQ] = useSearchText(filters.eQ, (v) => setFilters({ eQ: v, ePage: '1' }));
  const items = list.data?.items ?? [];
  return (
    <Paper variant="outlined">
      <Box role="search" aria-label="Filter pending updates" sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, p: 2, pb: 1 }}>
        <TextField
          label="Search"
          placeholder="Name, SEVIS ID or event"
          value={q}
          onChange={(e) => setQ(e.target.value)}
          size="small"
          margin="none"
          fullWidth={false}
          sx={{ flex: '1 1 240px', maxWidth: 340 }}
          slotProps={{
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <Search aria-hidden />
                </InputAdornment>
              ),
            },
            htmlInput: { maxLength: 100 },
          }}
        />
        <TextField
          select
          size="small"
          margin="none"
          fullWidth={false}
          sx={{ minWidth: 260 }}
          label="OrgID"
          value={filters.eOrg}
          slotProps={{ inputLabel: { shrink: true }, select: { displayEmpty: true } }}
          onChange={(e) => setFilters({ eOrg: e.target.value, ePage: '1' })}
        >
          <MenuItem value="">All OrgIDs</MenuItem>
          {orgIdOptions(groups)}
          <MenuItem value="none">Records without SEVIS settings</MenuItem>
        </TextField>
        <TextField
          select
          size="small"
          margin="none"
          fullWidth={false}
          sx={{ minWidth: 170 }}
          label="Status"
          value={filters.eStatus}
          slotProps={{ inputLabel: { shrink: true }, select: { displayEmpty: true } }}
          onChange={(e) => setFilters({ eStatus: e.target.value, ePage: '1' })}
        >
          <MenuItem value="">Pending and held</MenuItem>
          <MenuItem value="pending">{SEVIS_EVENT_STATUS_LABELS.pending}</MenuItem>
          <MenuItem value="held">{SEVIS_EVENT_STATUS_LABELS.held}</MenuItem>
        </TextField>
      </Box>
      <ListLoadingBar list={list} label="Loading pending updates" />
      <TableContainer>
        <Table size="small" aria-label="Pending updates" sx={{ minWidth: 820 }}>
          <TableHead>
            <TableRow>
              <TableCell scope="col">Student</TableCell>
              <TableCell scope="col">Campus site</TableCell>
              <TableCell scope="col">Event</TableCell>
              <TableCell scope="col">Raised</TableCell>
              <TableCell scope="col">Status</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {items.map((e) => (
              <TableRow key={e.id} hover>
                <TableCell component="th" scope="row">
                  <Link component={RouterLink} to={`/isss/student-profile/${e.profileId}`} sx={{ fontWeight: 600 }}>
                    {e.lastName}, {e.firstName}
                  </Link>
                  <Typography variant="caption" component="div" color="text.secondary">
                    {e.sevisId || 'No SEVIS ID yet'} · {e.visaType}
                  </Typography>
                </TableCell>
                <TableCell>{e.campusSiteName || '—'}</TableCell>
                <TableCell>
                  {e.eventType}
                  {e.action ? (
                    <Typography variant="caption" component="div" color="text.secondary">
                      {e.action}
                    </Typography>
                  ) : null}
                </TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDate(e.raisedAt)}</TableCell>
                <TableCell sx={{ maxWidth: 420 }}>
                  {e.status === 'held' ? (
                    <>
                      <Chip size="small" color="error" variant="outlined" label={SEVIS_EVENT_STATUS_LABELS.held} />
                      <Typography variant="body2" color="error" sx={{ mt: 0.5 }}>
                        {e.message}
                      </Typography>
                    </>
                  ) : (
                    <Chip size="small" color="warning" variant="outlined" label={SEVIS_EVENT_STATUS_LABELS.pending} />
                  )}
                </TableCell>
              </TableRow>
            ))}
            <ListEmptyRow list={list} rowCount={items.length} colSpan={5} emptyText="No updates are waiting." />
          </TableBody>
        </Table>
      </TableContainer>
      <ListPagination
        total={list.data?.total ?? 0}
        page={page}
        pageSize={pageSize}
        onChange={(p) => setFilters({ ePage: p.page, ...(p.pageSize ? { eSize: p.pageSize } : {}) })}
      />
    </Paper>
  );
}

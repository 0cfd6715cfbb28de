import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import {
  Alert,
  Box,
  Button,
  Checkbox,
  Chip,
  CircularProgress,
  InputAdornment,
  Link,
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
import type { sevisApi } from '@meridian/domain';
import { formatDate } from '../../../ui/format-date';
import { ConfirmDialog } from '../../../ui/confirm-dialog';
import { useUrlFilters } from '../../../ui/use-url-filters';
import { useBulkCandidates, useQueueBulkEvents, type TBulkList } from '../api/sevis-bulk-events';
import { useSearchText } from './batch-search';
import { ListEmptyRow, ListLoadingBar, ListPagination } from './list-table-parts';

const DEFAULTS = { q: '', page: '1', pageSize: '50' };

/**
 * A SEVIS bulk list (Registration or Validation): the records that need the event, chosen one by one
 * or all at once, queued as pending updates for the Batch Manager.
 */
export function RegistrationBulkList({
  list,
  eventLabel,
  startLabel,
  emptyText,
}: {
  list: TBulkList;
  eventLabel: string;
  startLabel: string;
  emptyText: string;
}) {
  const [filters, setFilters] = useUrlFilters(DEFAULTS);
  const page = Number(filters.page) || 1;
  const pageSize = Number(filters.pageSize) || 50;
  const data = useBulkCandidates(list, { page, pageSize, ...(filters.q ? { q: filters.q } : {}) });
  const queue = useQueueBulkEvents(list);
  const [q, setQ] = useSearchText(filters.q, (v) => setFilters({ q: v, page: '1' }));
  const [chosen, setChosen] = useState<Set<string>>(new Set());
  const [confirmAll, setConfirmAll] = useState(false);
  const [result, setResult] = useState<sevisApi.TBulkEventsOutput | null>(null);
  const items = data.data?.items ?? [];
  const total = data.data?.total ?? 0;
  const selectable = items.filter((i) => !i.hasPendingEvent);
  const allOnPage = selectable.length > 0 && selectable.every((i) => chosen.has(i.profileId));

  const send = (body: sevisApi.TBulkEventsInput) => {
    setResult(null);
    queue.mutate(body, {
      onSuccess: (r) => {
        setResult(r);
        setChosen(new Set());
        setConfirmAll(false);
      },
    });
  };
  const toggle = (id: string) =>
    setChosen((s) => {
      const n = new Set(s);
      if (n.has(id)) n.delete(id);
      else n.add(id);
      return n;
    });

  return (
    <Box>
      {result ? (
        <Alert severity="success" role="status" sx={{ mb: 2 }} onClose={() => setResult(null)}>
          {result.queued} {eventLabel} {result.queued === 1 ? 'event' : 'events'} queued for the next batch.
          {result.alreadyPending ? ` ${result.alreadyPending} already waiting.` : ''}
          {result.skipped ? ` ${result.skipped} no longer on the list.` : ''}{' '}
          <Link component={RouterLink} to="/isss/batch-manager">
            Open the Batch Manager
          </Link>
        </Alert>
      ) : null}
      <Paper variant="outlined">
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, p: 2, pb: 1, alignItems: 'center' }}>
          <Box role="search" aria-label="Filter the list" sx={{ flex: '1 1 260px' }}>
            <TextField
              label="Search"
              placeholder="Name or SEVIS ID"
              value={q}
              onChange={(e) => setQ(e.target.value)}
              size="small"
              margin="none"
              fullWidth={false}
              sx={{ width: '100%', maxWidth: 360 }}
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
          </Box>
          <Button
            variant="outlined"
            disabled={chosen.size === 0 || queue.isPending}
            onClick={() => send({ profileIds: [...chosen] })}
            startIcon={queue.isPending ? <CircularProgress size={18} color="inherit" aria-hidden /> : undefined}
          >
            Queue {eventLabel} for selected ({chosen.size})
          </Button>
          <Button variant="contained" disabled={total === 0 || queue.isPending} onClick={() => setConfirmAll(true)}>
            Queue for all ({total})
          </Button>
        </Box>
        <ListLoadingBar list={data} label="Loading the list" />
        <TableContainer>
          <Table size="small" aria-label={`${eventLabel} list`} sx={{ minWidth: 760 }}>
            <TableHead>
              <TableRow>
                <TableCell padding="checkbox">
                  <Checkbox
                    checked={allOnPage}
                    indeterminate={!allOnPage && selectable.some((i) => chosen.has(i.profileId))}
                    disabled={!selectable.length}
                    onChange={() =>
                      setChosen((s) => {
                        const n = new Set(s);
                        selectable.forEach((i) => (allOnPage ? n.delete(i.profileId) : n.add(i.profileId)));
                        return n;
                      })
                    }
                    slotProps={{ input: { 'aria-label': 'Select every record on this page' } }}
                  />
                </TableCell>
                <TableCell scope="col">Student</TableCell>
                <TableCell scope="col">Campus site</TableCell>
                <TableCell scope="col">SEVIS status</TableCell>
                <TableCell scope="col">{startLabel}</TableCell>
                <TableCell scope="col">Program end</TableCell>
                <TableCell scope="col">{eventLabel}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {items.map((r) => (
                <TableRow key={r.profileId} hover selected={chosen.has(r.profileId)}>
                  <TableCell padding="checkbox">
                    <Checkbox
                      checked={chosen.has(r.profileId)}
                      disabled={r.hasPendingEvent}
                      onChange={() => toggle(r.profileId)}
                      slotProps={{ input: { 'aria-label': `Select ${r.firstName} ${r.lastName}` } }}
                    />
                  </TableCell>
                  <TableCell component="th" scope="row">
                    <Link component={RouterLink} to={`/isss/student-profile/${r.profileId}`} sx={{ fontWeight: 600 }}>
                      {r.lastName}, {r.firstName}
                    </Link>
                    <Typography variant="caption" component="div" color="text.secondary">
                      {r.sevisId || 'No SEVIS ID'}
                    </Typography>
                  </TableCell>
                  <TableCell>{r.campusSiteName || '—'}</TableCell>
                  <TableCell>{r.sevisStatus}</TableCell>
                  <TableCell>{formatDate(r.startDate)}</TableCell>
                  <TableCell>{formatDate(r.programEndDate)}</TableCell>
                  <TableCell>
                    {r.hasPendingEvent ? (
                      <Chip size="small" color="info" variant="outlined" label="Queued" />
                    ) : (
                      <Typography variant="body2" color="text.secondary">
                        Not yet
                      </Typography>
                    )}
                  </TableCell>
                </TableRow>
              ))}
              <ListEmptyRow list={data} rowCount={items.length} colSpan={7} emptyText={emptyText} />
            </TableBody>
          </Table>
        </TableContainer>
        <ListPagination total={total} page={page} pageSize={pageSize} rowsPerPageOptions={[25, 50, 100, 250]} onChange={setFilters} />
      </Paper>
      <ConfirmDialog
        open={confirmAll}
        title={`Queue ${eventLabel} for all`}
        busy={queue.isPending}
        confirmLabel="Queue all"
        message={`A ${eventLabel} event will wait for the next batch for each of the ${total} records on this list${filters.q ? ' (all of them, not only those matching the search)' : ''}; records already queued are not queued twice.`}
        onCancel={() => setConfirmAll(false)}
        onConfirm={() => send({ all: true })}
      />
    </Box>
  );
}

import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { Alert, Box, Button, Checkbox, Chip, CircularProgress, Link, Paper, Typography } from '@mui/material';
import { type sevisApi } from '@meridian/domain';
import { useFormatDates } from '../../../app/office-dates';
import { isApiError } from '../../../app/http/api-error';
import { handleApiError } from '../../../app/errors/handle-api-error';
import { ConfirmDialog } from '../../../ui/confirm-dialog';
import { DateInput } from '../../../ui/date-input';
import { DataTable, SearchField, useUrlTable, type TColumn } from '../../../ui/data-table';
import { useBulkCandidates, useQueueBulkEvents, type TBulkList } from '../api/sevis-bulk-events';

const FILTERS = { q: '' };
const PAGE_SIZES = [25, 50, 100, 250];

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
  const { formatDate } = useFormatDates();
  const table = useUrlTable({ filters: FILTERS, pageSize: 50, pageSizes: PAGE_SIZES });
  const { filters, setFilters } = table;
  const data = useBulkCandidates(list, { page: table.page, pageSize: table.pageSize, ...(filters.q ? { q: filters.q } : {}) });
  const queue = useQueueBulkEvents(list);
  const [chosen, setChosen] = useState<Set<string>>(new Set());
  const [confirmAll, setConfirmAll] = useState(false);
  const [result, setResult] = useState<sevisApi.TBulkEventsOutput | null>(null);
  // SEVIS S1068: registering a student who is not in their last session needs the next session's start.
  const [nextSession, setNextSession] = useState('');
  const [nextError, setNextError] = useState('');
  const items = data.data?.items ?? [];
  const total = data.data?.total ?? 0;
  const selectable = items.filter((i) => !i.hasPendingEvent);
  const allOnPage = selectable.length > 0 && selectable.every((i) => chosen.has(i.profileId));

  const send = (body: sevisApi.TBulkEventsInput) => {
    setResult(null);
    setNextError('');
    queue.mutate(list === 'registration' ? { ...body, nextSessionStartDate: nextSession } : body, {
      onSuccess: (r) => {
        setResult(r);
        setChosen(new Set());
        setConfirmAll(false);
      },
      onError: (e) => {
        setConfirmAll(false);
        const message = isApiError(e) ? e.fieldErrors?.nextSessionStartDate?.[0] : undefined;
        if (message) setNextError(message);
        else handleApiError(e);
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

  const columns: TColumn<sevisApi.TBulkCandidate>[] = [
    {
      key: 'select',
      padding: 'checkbox',
      header: (
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
      ),
      cell: (r) => (
        <Checkbox
          checked={chosen.has(r.profileId)}
          disabled={r.hasPendingEvent}
          onChange={() => toggle(r.profileId)}
          slotProps={{ input: { 'aria-label': `Select ${r.firstName} ${r.lastName}` } }}
        />
      ),
    },
    {
      key: 'student',
      header: 'Student',
      isRowHeader: true,
      cell: (r) => (
        <>
          <Link component={RouterLink} to={`/isss/student-profile/${r.profileId}`} sx={{ fontWeight: 600 }}>
            {r.lastName}, {r.firstName}
          </Link>
          <Typography variant="caption" component="div" color="text.secondary">
            {r.sevisId || 'No SEVIS ID'}
          </Typography>
        </>
      ),
    },
    { key: 'site', header: 'Campus site', cell: (r) => r.campusSiteName || '—' },
    { key: 'status', header: 'SEVIS status', cell: (r) => r.sevisStatus },
    { key: 'start', header: startLabel, cell: (r) => formatDate(r.startDate) },
    { key: 'end', header: 'Program end', cell: (r) => formatDate(r.programEndDate) },
    {
      key: 'event',
      header: eventLabel,
      cell: (r) =>
        r.hasPendingEvent ? (
          <Chip size="small" color="info" variant="outlined" label="Queued" />
        ) : (
          <Typography variant="body2" color="text.secondary">
            Not yet
          </Typography>
        ),
    },
  ];

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
            <SearchField
              value={filters.q}
              onChange={(q) => setFilters({ q })}
              placeholder="Name or SEVIS ID"
              sx={{ width: '100%', maxWidth: 360 }}
            />
          </Box>
          {list === 'registration' ? (
            <DateInput
              label="Next session start"
              size="small"
              value={nextSession}
              onChange={(v) => {
                setNextSession(v);
                setNextError('');
              }}
              error={!!nextError}
              helperText={nextError || 'For students not in their last session (SEVIS needs it)'}
              sx={{ width: 300 }}
            />
          ) : null}
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
        <DataTable
          label={`${eventLabel} list`}
          columns={columns}
          rows={items}
          rowKey={(r) => r.profileId}
          rowProps={(r) => ({ selected: chosen.has(r.profileId) })}
          query={data}
          loadingLabel="Loading the list"
          empty={emptyText}
          minWidth={760}
          total={total}
          paging={table.paging}
        />
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

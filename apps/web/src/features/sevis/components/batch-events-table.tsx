import { Link as RouterLink } from 'react-router';
import { Box, Chip, Link, Paper, Typography } from '@mui/material';
import { SEVIS_EVENT_STATUS_LABELS, type sevisApi } from '@meridian/domain';
import { type TOfficeDates, useFormatDates } from '../../../app/office-dates';
import { DataTable, SearchField, SelectFilter, useUrlTable, type TColumn } from '../../../ui/data-table';
import { useListPendingEvents } from '../api/sevis-batches';
import { orgIdOptions } from './org-id-options';

// The Batch Manager shows two lists: this one's names in the address start with 'e'.
export const EVENT_FILTERS = { eOrg: '', eStatus: '', eQ: '' };

const columnsFor = ({ formatDate }: TOfficeDates): TColumn<sevisApi.TPendingEvent>[] => [
  {
    key: 'student',
    header: 'Student',
    isRowHeader: true,
    cell: (e) => (
      <>
        <Link component={RouterLink} to={`/isss/student-profile/${e.profileId}`} sx={{ fontWeight: 600 }}>
          {e.lastName}, {e.firstName}
        </Link>
        <Typography variant="caption" component="div" color="text.secondary">
          {e.sevisId || 'No SEVIS ID yet'} · {e.visaType}
        </Typography>
      </>
    ),
  },
  { key: 'site', header: 'Campus site', cell: (e) => e.campusSiteName || '—' },
  {
    key: 'event',
    header: 'Event',
    cell: (e) => (
      <>
        {e.eventType}
        {e.action ? (
          <Typography variant="caption" component="div" color="text.secondary">
            {e.action}
          </Typography>
        ) : null}
      </>
    ),
  },
  { key: 'raised', header: 'Raised', noWrap: true, cell: (e) => formatDate(e.raisedAt) },
  {
    key: 'status',
    header: 'Status',
    sx: { maxWidth: 420 },
    cell: (e) =>
      e.status === 'held' ? (
        <>
          <Chip size="small" color="error" variant="outlined" label={SEVIS_EVENT_STATUS_LABELS.held} />
          <Typography variant="body2" color="error" sx={{ mt: 0.5 }}>
            {e.message}
          </Typography>
        </>
      ) : (
        <Chip size="small" color="warning" variant="outlined" label={SEVIS_EVENT_STATUS_LABELS.pending} />
      ),
  },
];

/** Pending and held events of the caller's sites: who, which event, raised when, and why a record was held back. */
export function BatchEventsTable({ groups }: { groups: sevisApi.TPendingGroup[] }) {
  const dates = useFormatDates();
  const table = useUrlTable({ filters: EVENT_FILTERS, pageKey: 'ePage', pageSizeKey: 'eSize', pageSize: 10 });
  const { filters, setFilters } = table;
  const list = useListPendingEvents({
    page: table.page,
    pageSize: table.pageSize,
    ...(filters.eOrg ? { settingsId: filters.eOrg } : {}),
    ...(filters.eStatus ? { status: filters.eStatus as 'pending' | 'held' } : {}),
    ...(filters.eQ ? { q: filters.eQ } : {}),
  });
  return (
    <Paper variant="outlined">
      <Box role="search" aria-label="Filter pending updates" sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, p: 2, pb: 1 }}>
        <SearchField
          value={filters.eQ}
          onChange={(eQ) => setFilters({ eQ })}
          placeholder="Name, SEVIS ID or event"
          sx={{ flex: '1 1 240px', maxWidth: 340 }}
        />
        <SelectFilter
          id="events-org"
          label="OrgID"
          width={260}
          anyLabel="All OrgIDs"
          value={filters.eOrg}
          onChange={(eOrg) => setFilters({ eOrg })}
          options={[...orgIdOptions(groups), { value: 'none', label: 'Records without SEVIS settings' }]}
        />
        <SelectFilter
          id="events-status"
          label="Status"
          width={170}
          anyLabel="Pending and held"
          value={filters.eStatus}
          onChange={(eStatus) => setFilters({ eStatus })}
          options={[
            { value: 'pending', label: SEVIS_EVENT_STATUS_LABELS.pending },
            { value: 'held', label: SEVIS_EVENT_STATUS_LABELS.held },
          ]}
        />
      </Box>
      <DataTable
        label="Pending updates"
        columns={columnsFor(dates)}
        rows={list.data?.items}
        rowKey={(e) => e.id}
        query={list}
        loadingLabel="Loading pending updates"
        empty="No updates are waiting."
        minWidth={820}
        total={list.data?.total ?? 0}
        paging={table.paging}
      />
    </Paper>
  );
}

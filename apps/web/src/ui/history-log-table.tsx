import type { UseQueryResult } from '@tanstack/react-query';
import { Paper, Typography } from '@mui/material';
import { DataTable, type TColumn, type TPaging } from './data-table';
import { useFormatDates } from '../app/office-dates';

interface THistoryEvent {
  id: string;
  at: string;
  actorName: string | null;
}

/**
 * A History Log (a record's or a case's audit events, newest first, paged on the server): one table
 * for student records, scholar cases, requests and staff. `what` names the event in words, `details`
 * lists what changed; the caller owns the query and its paging (usePaging).
 */
export function HistoryLogTable<E extends THistoryEvent>({
  query,
  paging,
  what,
  details,
  who = (e) => e.actorName ?? 'System',
  label = 'History Log',
  framed = false,
}: {
  query: UseQueryResult<{ items: E[]; total: number }>;
  paging: TPaging;
  what: (e: E) => string;
  details: (e: E) => string[];
  who?: (e: E) => string;
  label?: string;
  /** Drawn in its own outlined frame (a tab of its own rather than a part of a panel). */
  framed?: boolean;
}) {
  const { formatDateTime } = useFormatDates();
  const columns: TColumn<E>[] = [
    { key: 'when', header: 'When', noWrap: true, cell: (e) => formatDateTime(e.at) },
    { key: 'who', header: 'Who', cell: who },
    { key: 'what', header: 'What', cell: what },
    {
      key: 'details',
      header: 'Details',
      cell: (e) =>
        details(e).map((d) => (
          <Typography key={d} variant="caption" component="div" sx={{ wordBreak: 'break-word' }}>
            {d}
          </Typography>
        )),
    },
  ];
  const table = (
    <DataTable
      label={label}
      columns={columns}
      rows={query.data?.items}
      rowKey={(e) => e.id}
      query={query}
      loadingLabel="Loading history"
      errorText="The history could not be loaded."
      empty="No history recorded yet."
      total={query.data?.total ?? 0}
      paging={paging}
    />
  );
  return framed ? <Paper variant="outlined">{table}</Paper> : table;
}

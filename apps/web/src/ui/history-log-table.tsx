import { useState } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import {
  Alert,
  Box,
  LinearProgress,
  Paper,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TablePagination,
  TableRow,
  Typography,
} from '@mui/material';
import { formatDateTime } from './format-date';

interface THistoryEvent {
  id: string;
  at: string;
  actorName: string | null;
}

/**
 * A History Log (a record's or a case's audit events, newest first, paged on the server): one table
 * for the student record and the scholar case. `useHistory` is the page's query hook; `what` names
 * the event in words and `details` lists what changed.
 */
export function HistoryLogTable<E extends THistoryEvent>({
  useHistory,
  what,
  details,
  pageSize = 20,
}: {
  useHistory: (page: number, pageSize: number) => UseQueryResult<{ items: E[]; total: number }>;
  what: (e: E) => string;
  details: (e: E) => string[];
  pageSize?: number;
}) {
  const [page, setPage] = useState(0);
  const q = useHistory(page + 1, pageSize);
  if (q.isError) return <Alert severity="error">The history could not be loaded.</Alert>;
  const items = q.data?.items ?? [];
  return (
    <Paper variant="outlined">
      {q.isFetching ? <LinearProgress aria-label="Loading" /> : <Box sx={{ height: 4 }} />}
      <TableContainer>
        <Table size="small" aria-label="History Log">
          <TableHead>
            <TableRow>
              <TableCell>When</TableCell>
              <TableCell>Who</TableCell>
              <TableCell>What</TableCell>
              <TableCell>Details</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {items.map((e) => (
              <TableRow key={e.id}>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(e.at)}</TableCell>
                <TableCell>{e.actorName ?? 'System'}</TableCell>
                <TableCell>{what(e)}</TableCell>
                <TableCell>
                  {details(e).map((d) => (
                    <Typography key={d} variant="caption" component="div" sx={{ wordBreak: 'break-word' }}>
                      {d}
                    </Typography>
                  ))}
                </TableCell>
              </TableRow>
            ))}
            {!q.isPending && items.length === 0 ? (
              <TableRow>
                <TableCell colSpan={4}>No history recorded yet.</TableCell>
              </TableRow>
            ) : null}
          </TableBody>
        </Table>
      </TableContainer>
      <TablePagination
        component="div"
        count={q.data?.total ?? 0}
        page={page}
        rowsPerPage={pageSize}
        rowsPerPageOptions={[pageSize]}
        onPageChange={(_, p) => setPage(p)}
      />
    </Paper>
  );
}

import { useState } from 'react';
import {
  Alert,
  Box,
  LinearProgress,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TablePagination,
  TableRow,
  Typography,
} from '@mui/material';
import { formatDateTime } from '../../../../ui/format-date';
import { useCaseEvents } from '../api/list-case-events';

const LABELS: Record<string, string> = {
  'sponsorship.created': 'Sponsorship request saved as a draft',
  'sponsorship.updated': 'Sponsorship request changed',
  'sponsorship.sent': 'Sent for approval',
  'sponsorship.approved': 'Approved by the department’s approvers: sent to the office',
  'sponsorship.rejected': 'Rejected by an approver',
  'scholar.invited': 'Scholar invited to the portal',
  'scholar.invitation.resent': 'Set-up link sent again',
};

/** The case's own History Log (sponsorship saved, changed, invited, sent, decided), newest first. */
export function CaseHistory({ applicationId }: { applicationId: string }) {
  const [page, setPage] = useState(0);
  const pageSize = 20;
  const events = useCaseEvents(applicationId, page + 1, pageSize);
  if (events.isError) return <Alert severity="error">The history could not be loaded.</Alert>;
  const items = events.data?.items ?? [];
  return (
    <Box>
      {events.isFetching ? <LinearProgress aria-label="Loading history" /> : <Box sx={{ height: 4 }} />}
      <TableContainer>
        <Table size="small" aria-label="History of the sponsorship request">
          <TableHead>
            <TableRow>
              {['When', 'Who', 'What', 'Details'].map((h) => (
                <TableCell key={h} scope="col">
                  {h}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {items.map((e) => (
              <TableRow key={e.id}>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(e.at)}</TableCell>
                <TableCell>{e.actorName ?? 'System'}</TableCell>
                <TableCell>{LABELS[e.action] ?? e.action.replace(/[._-]/g, ' ')}</TableCell>
                <TableCell>
                  {e.details.map((d) => (
                    <Typography key={d} variant="caption" component="div" sx={{ wordBreak: 'break-word' }}>
                      {d}
                    </Typography>
                  ))}
                </TableCell>
              </TableRow>
            ))}
            {!events.isPending && items.length === 0 ? (
              <TableRow>
                <TableCell colSpan={4}>No history recorded yet.</TableCell>
              </TableRow>
            ) : null}
          </TableBody>
        </Table>
      </TableContainer>
      <TablePagination
        component="div"
        count={events.data?.total ?? 0}
        page={page}
        rowsPerPage={pageSize}
        rowsPerPageOptions={[pageSize]}
        onPageChange={(_, p) => setPage(p)}
      />
    </Box>
  );
}

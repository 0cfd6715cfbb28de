import { useState } from 'react';
import { Alert, Box, LinearProgress, Table, TableBody, TableCell, TableContainer, TableHead, TablePagination, TableRow, Typography } from '@mui/material';
import type { TAuditEvent } from '@meridian/domain';
import { useHistory } from '../../audit/api/get-history';
import { formatDateTime } from '../../../ui/format-date';

const ACTION_LABELS: Record<string, string> = {
  'staff.invited': 'Invited',
  'staff.permissions.updated': 'Permissions changed',
  'staff.deactivated': 'Deactivated',
  'staff.reactivated': 'Reactivated',
  'staff.invitation.resent': 'Invitation sent again',
};

function describe(e: TAuditEvent): string {
  return ACTION_LABELS[e.action] ?? e.action.replace(/[._]/g, ' ');
}

/** What changed between before and after, as "field: old → new" lines (top level only). */
function changes(e: TAuditEvent): string[] {
  const before = (e.before ?? {}) as Record<string, unknown>;
  const after = (e.after ?? {}) as Record<string, unknown>;
  if (typeof before !== 'object' || typeof after !== 'object') return [];
  const keys = new Set([...Object.keys(before), ...Object.keys(after)]);
  const out: string[] = [];
  for (const k of keys) {
    const a = JSON.stringify(before[k]);
    const b = JSON.stringify(after[k]);
    if (a !== b) out.push(`${k}: ${a ?? '—'} → ${b ?? '—'}`);
  }
  return out.slice(0, 8);
}

/** History Log tab of a staff member (audit events, newest first). */
export function StaffHistoryTab({ userId }: { userId: string }) {
  const [page, setPage] = useState(0);
  const pageSize = 10;
  const history = useHistory('user', userId, page + 1, pageSize);
  if (history.isError) return <Alert severity="error">The history could not be loaded.</Alert>;
  const items = history.data?.items ?? [];
  return (
    <Box>
      {history.isFetching ? <LinearProgress aria-label="Loading history" /> : <Box sx={{ height: 4 }} />}
      <TableContainer>
        <Table size="small" aria-label="History Log">
          <TableHead>
            <TableRow>
              <TableCell scope="col">When</TableCell>
              <TableCell scope="col">Who</TableCell>
              <TableCell scope="col">What</TableCell>
              <TableCell scope="col">Details</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {items.map((e) => (
              <TableRow key={e.id}>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(e.at)}</TableCell>
                <TableCell>{e.actorName ?? 'System'}</TableCell>
                <TableCell>{describe(e)}</TableCell>
                <TableCell>
                  {changes(e).map((c) => (
                    <Typography key={c} variant="caption" component="div" sx={{ wordBreak: 'break-word' }}>
                      {c}
                    </Typography>
                  ))}
                </TableCell>
              </TableRow>
            ))}
            {!history.isPending && items.length === 0 ? (
              <TableRow>
                <TableCell colSpan={4}>No history recorded yet.</TableCell>
              </TableRow>
            ) : null}
          </TableBody>
        </Table>
      </TableContainer>
      <TablePagination
        component="div"
        count={history.data?.total ?? 0}
        page={page}
        rowsPerPage={pageSize}
        rowsPerPageOptions={[pageSize]}
        onPageChange={(_, p) => setPage(p)}
      />
    </Box>
  );
}

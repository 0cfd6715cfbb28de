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
import type { TAuditEvent } from '@meridian/domain';
import { useHistory } from '../../audit';
import { formatDateTime } from '../../../ui/format-date';

const ACTION_LABELS: Record<string, string> = {
  'staff.invited': 'Invited',
  'staff.permissions.updated': 'Permissions changed',
  'staff.deactivated': 'Deactivated',
  'staff.reactivated': 'Reactivated',
  'staff.invitation.resent': 'Invitation sent again',
  'auth.login.succeeded': 'Logged in',
  'auth.login.failed': 'Failed login',
  'auth.login.throttled': 'Login attempts throttled',
  'auth.login.role-refused': 'Login refused for this role',
  'auth.logout': 'Logged out',
  'auth.password-reset.requested': 'Password reset requested',
  'auth.password.reset': 'Password reset',
  'auth.password.set-by-invitation': 'Password set from invitation',
  'auth.refresh.reuse-detected': 'Session ended: reused sign-in token',
  'authorization.refused': 'Access refused',
};

function describe(e: TAuditEvent): string {
  return ACTION_LABELS[e.action] ?? e.action.replace(/[._-]/g, ' ');
}

/** Nested objects as dotted keys, so a permission change reads "permissions.isOfficer". */
function flatten(v: unknown, prefix = '', out: Record<string, unknown> = {}): Record<string, unknown> {
  if (v && typeof v === 'object' && !Array.isArray(v)) {
    for (const [k, x] of Object.entries(v as Record<string, unknown>)) flatten(x, prefix ? `${prefix}.${k}` : k, out);
  } else if (prefix) {
    out[prefix] = v;
  }
  return out;
}

function show(v: unknown): string {
  if (v === undefined || v === null) return '—';
  if (typeof v === 'string') return v;
  return JSON.stringify(v);
}

const isEmpty = (v: unknown) => v === undefined || v === null || v === false || v === '' || (Array.isArray(v) && v.length === 0);

/** What changed between before and after as "field: old → new" (for a new record: what was set). */
function changes(e: TAuditEvent): string[] {
  const before = flatten(e.before);
  const after = flatten(e.after);
  const created = e.before === null || e.before === undefined;
  const out: string[] = [];
  for (const k of new Set([...Object.keys(before), ...Object.keys(after)])) {
    const a = before[k];
    const b = after[k];
    if (JSON.stringify(a) === JSON.stringify(b)) continue;
    if (created) {
      if (!isEmpty(b)) out.push(`${k}: ${show(b)}`);
    } else {
      out.push(`${k}: ${show(a)} → ${show(b)}`);
    }
  }
  return out.slice(0, 12);
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

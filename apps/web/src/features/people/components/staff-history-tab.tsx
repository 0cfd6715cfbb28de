import type { TAuditEvent } from '@meridian/domain';
import { useGetHistory } from '../../audit';
import { usePaging } from '../../../ui/data-table';
import { HistoryLogTable } from '../../../ui/history-log-table';

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
  'auth.sign-in-link.requested': 'Sign-in link requested',
  'auth.logout': 'Logged out',
  'auth.password-reset.requested': 'Password reset requested',
  'auth.password.reset': 'Password reset',
  'auth.password.set-by-invitation': 'Password set from invitation',
  'auth.refresh.reuse-detected': 'Session ended: reused sign-in token',
  'authorization.refused': 'Access refused',
};

function describe(e: TAuditEvent): string {
  const via = (e.after as { via?: unknown } | null)?.via;
  if (e.action === 'auth.login.succeeded' && via === 'sign-in-link') return 'Logged in with an e-mailed sign-in link';
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

const STAFF_HISTORY_PAGE_SIZES = [10];

/** History Log tab of a staff member (audit events, newest first). */
export function StaffHistoryTab({ userId }: { userId: string }) {
  const paging = usePaging({ pageSize: 10, pageSizes: STAFF_HISTORY_PAGE_SIZES });
  const history = useGetHistory('user', userId, paging.page, paging.pageSize);
  return <HistoryLogTable query={history} paging={paging} what={describe} details={changes} />;
}

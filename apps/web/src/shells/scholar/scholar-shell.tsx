import type { ReactNode } from 'react';
import { Outlet } from 'react-router';
import { Redirect } from '../../ui/redirect';
import DashboardOutlined from '@mui/icons-material/DashboardOutlined';
import InboxOutlined from '@mui/icons-material/InboxOutlined';
import { useCurrentUser } from '../../features/auth/api/get-current-user';
import { useSession } from '../../app/session/session-store';
import { RequireAuth } from '../guards/require-auth';
import { ShellFrame } from '../common/shell-frame';
import type { TMenuEntry } from '../common/menu';
import { displayName } from '../../ui/display-name';

/** Department sidebar (spec 000 s6); Departmental Configurations and Approval Workflows come later. */
const DEPARTMENT_MENU: TMenuEntry[] = [
  { key: 'dept-dashboard', label: 'Dashboard', path: '/scholar/deptDashboard', icon: DashboardOutlined },
  { key: 'requests', label: 'Requests', path: '/scholar/requests', icon: InboxOutlined },
];

/** Scholars: their requests to the office (their application pages are reached from the root). */
const SCHOLAR_MENU: TMenuEntry[] = [{ key: 'requests', label: 'Requests', path: '/scholar/requests', icon: InboxOutlined }];

function ScholarFrame() {
  const session = useSession();
  const me = useCurrentUser();
  const isDepartment = session?.userRole === 'department';
  return (
    <ShellFrame
      title="Scholar Portal"
      userLabel={me.data ? displayName(me.data) : undefined}
      menu={isDepartment ? DEPARTMENT_MENU : SCHOLAR_MENU}
      // Scholars get no notification bell (spec 000 s6).
      showBell={isDepartment}
    >
      <Outlet />
    </ShellFrame>
  );
}

/** #/scholar/*: scholars and department users. */
export function ScholarShell() {
  return (
    <RequireAuth roles={['scholar', 'department']}>
      <ScholarFrame />
    </RequireAuth>
  );
}

/** Department users are kept from the scholar application pages (spec 000 s6). */
export function ScholarOnly({ children }: { children: ReactNode }) {
  const session = useSession();
  if (session?.userRole === 'department') return <Redirect to="/scholar/unauthorized" />;
  return <>{children}</>;
}

import { Outlet } from 'react-router';
import DashboardOutlined from '@mui/icons-material/DashboardOutlined';
import InboxOutlined from '@mui/icons-material/InboxOutlined';
import PersonAddAlt1Outlined from '@mui/icons-material/PersonAddAlt1Outlined';
import TuneOutlined from '@mui/icons-material/TuneOutlined';
import AccountTreeOutlined from '@mui/icons-material/AccountTreeOutlined';
import DescriptionOutlined from '@mui/icons-material/DescriptionOutlined';
import ArticleOutlined from '@mui/icons-material/ArticleOutlined';
import { can } from '@meridian/domain';
import { useGetCurrentUser } from '../../features/auth';
import { useSession } from '../../app/session/session-store';
import { RequireAuth } from '../guards/require-auth';
import { ShellFrame } from '../common/shell-frame';
import { actorOf, filterMenu, type TMenuEntry } from '../common/menu';
import { useBrandingOrDefault } from '../../app/branding';
import { displayName } from '../../ui/display-name';

/** Department sidebar: Dashboard, Departmental Configurations, Approval Workflows; plus new sponsorship requests and requests. */
const DEPARTMENT_MENU: TMenuEntry[] = [
  { key: 'dept-dashboard', label: 'Dashboard', path: '/scholar/deptDashboard', icon: DashboardOutlined },
  { key: 'createscholar', label: 'New Sponsorship Request', path: '/scholar/createscholar', icon: PersonAddAlt1Outlined },
  {
    key: 'dept-configs',
    label: 'Departmental Configurations',
    path: '/scholar/dept-configs',
    icon: TuneOutlined,
    isVisible: ({ actor }) => can(actor, 'scholars.department-admin'),
  },
  {
    key: 'approval-workflows',
    label: 'Approval Workflows',
    path: '/scholar/approval-workflows',
    icon: AccountTreeOutlined,
    isVisible: ({ actor }) => can(actor, 'scholars.department-admin'),
  },
  { key: 'requests', label: 'Requests', path: '/scholar/requests', icon: InboxOutlined },
];

/** Scholars: their application (the root sends them to its page by processed state) and their requests to the office. */
const SCHOLAR_MENU: TMenuEntry[] = [
  { key: 'application', label: 'My Application', path: '/', icon: DescriptionOutlined },
  { key: 'requests', label: 'Requests', path: '/scholar/requests', icon: InboxOutlined },
  { key: 'pages', label: 'Information', path: '/scholar/pages', icon: ArticleOutlined },
];

function ScholarFrame() {
  const session = useSession();
  const me = useGetCurrentUser();
  const branding = useBrandingOrDefault();
  const isDepartment = session?.userRole === 'department';
  const entries = isDepartment ? DEPARTMENT_MENU : SCHOLAR_MENU;
  // Entries with a permission wait for the user; the rest show at once.
  const menu = me.data ? filterMenu(entries, { user: me.data, actor: actorOf(me.data), branding }) : entries.filter((e) => !e.isVisible);
  return (
    <ShellFrame
      title="Scholar Portal"
      userLabel={me.data ? displayName(me.data) : undefined}
      menu={menu}
      // Scholars get no notification bell.
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

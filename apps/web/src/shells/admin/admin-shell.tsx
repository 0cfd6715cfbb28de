import { Outlet } from 'react-router';
import SchoolOutlined from '@mui/icons-material/SchoolOutlined';
import WorkOutline from '@mui/icons-material/WorkOutline';
import { hasStudentAreaAccess, MSG } from '@meridian/domain';
import { displayName } from '../../ui/display-name';
import { useGetCurrentUser } from '../../features/auth';
import { useBrandingOrDefault } from '../../app/branding';
import { PageLoader } from '../../ui/page-loader';
import { MessagePage } from '../../ui/message-page';
import { RequireAuth } from '../guards/require-auth';
import { ShellFrame, type TOverflowAction } from '../common/shell-frame';
import { actorOf, filterMenu } from '../common/menu';
import { SCHOLAR_ADMIN_MENU, STUDENT_ADMIN_MENU } from './admin-menus';
import { ADMIN_AREA_TITLES, type TAdminArea } from './admin-titles';

function AdminFrame({ area }: { area: TAdminArea }) {
  const me = useGetCurrentUser();
  const branding = useBrandingOrDefault();
  const title = ADMIN_AREA_TITLES[area];
  const user = me.data;

  if (!user) {
    // Content waits for permissions.
    return (
      <ShellFrame title={title}>
        {me.isError ? <MessagePage title="Error" message={MSG.defaultError} /> : <PageLoader label="Loading permissions..." />}
      </ShellFrame>
    );
  }

  const ctx = { user, actor: actorOf(user), branding };
  const studentAccess = hasStudentAreaAccess(user.staff);
  const menu = filterMenu(area === 'scholar' ? SCHOLAR_ADMIN_MENU : STUDENT_ADMIN_MENU, ctx);
  const switches: TOverflowAction[] = [];
  if (area === 'scholar' && studentAccess) {
    switches.push({ key: 'to-student', label: 'Switch to Student Admin', to: '/isss/dashboard', icon: SchoolOutlined });
  }
  if (area === 'student' && branding.IsScholarEnabled) {
    switches.push({ key: 'to-scholar', label: 'Switch to Scholar Admin', to: '/admin/dashboard', icon: WorkOutline });
  }

  return (
    <ShellFrame title={title} userLabel={displayName(user)} menu={menu} showBell overflowActions={switches}>
      {area === 'student' && !studentAccess ? <MessagePage title="No access" message={MSG.noAreaAccess} /> : <Outlet />}
    </ShellFrame>
  );
}

/** The staff shell: #/admin/* is the scholar admin area, #/isss/* the student admin area. */
export function AdminShell({ area }: { area: TAdminArea }) {
  return (
    <RequireAuth roles={['isssAdmin']}>
      <AdminFrame area={area} />
    </RequireAuth>
  );
}

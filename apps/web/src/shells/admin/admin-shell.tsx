import { useDeferredValue } from 'react';
import { Outlet } from 'react-router';
import SchoolOutlined from '@mui/icons-material/SchoolOutlined';
import WorkOutline from '@mui/icons-material/WorkOutline';
import PhonelinkLockOutlined from '@mui/icons-material/PhonelinkLockOutlined';
import { hasStudentAreaAccess, MSG } from '@meridian/domain';
import { displayName } from '../../ui/display-name';
import { useGetCurrentUser } from '../../features/auth';
import { useBrandingOrDefault } from '../../app/branding';
import { PageLoader } from '../../ui/page-loader';
import { MessagePage } from '../../ui/message-page';
import { RequireAuth } from '../guards/require-auth';
import { SHELL_PREVIEWS } from '../../app/shell-previews';
import { ShellFrame, type TAreaChoice, type TOverflowAction } from '../common/shell-frame';
import { actorOf, filterMenu } from '../common/menu';
import { SCHOLAR_ADMIN_MENU, STUDENT_ADMIN_MENU } from './admin-menus';
import { ADMIN_AREA_TITLES, type TAdminArea } from './admin-titles';

function AdminFrame({ area }: { area: TAdminArea }) {
  const me = useGetCurrentUser();
  const branding = useBrandingOrDefault();
  const title = ADMIN_AREA_TITLES[area];
  // Permissions that arrive after the shell's code: the page is drawn in a background render, in slices.
  const user = useDeferredValue(me.data);

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
  // Each area opens on its home: My work for the student area, the dashboard for the scholar area.
  const student: TAreaChoice = {
    key: 'student',
    label: 'Students',
    switchLabel: 'Switch to Student Admin',
    to: SHELL_PREVIEWS.isss.path,
    icon: SchoolOutlined,
  };
  const scholar: TAreaChoice = {
    key: 'scholar',
    label: 'Scholars',
    switchLabel: 'Switch to Scholar Admin',
    to: SHELL_PREVIEWS.admin.path,
    icon: WorkOutline,
  };
  const choices: TAreaChoice[] = [];
  if (studentAccess) choices.push(student);
  if (branding.IsScholarEnabled || area === 'scholar') choices.push(scholar);
  const switches: TOverflowAction[] = [];
  if (area === 'scholar' && studentAccess)
    switches.push({ key: 'to-student', label: student.switchLabel, to: student.to, icon: student.icon });
  if (area === 'student' && branding.IsScholarEnabled)
    switches.push({ key: 'to-scholar', label: scholar.switchLabel, to: scholar.to, icon: scholar.icon });
  switches.push({ key: 'two-step', label: 'Two-step sign-in', to: '/admin/two-step-sign-in', icon: PhonelinkLockOutlined });

  return (
    <ShellFrame
      title={title}
      userLabel={displayName(user)}
      menu={menu}
      showBell
      overflowActions={switches}
      areas={{ choices, current: area }}
    >
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

import { Outlet } from 'react-router';
import PersonOutline from '@mui/icons-material/PersonOutline';
import ArticleOutlined from '@mui/icons-material/ArticleOutlined';
import { useGetCurrentUser } from '../../features/auth';
import { RequireAuth } from '../guards/require-auth';
import { ShellFrame } from '../common/shell-frame';
import { displayName } from '../../ui/display-name';

function StudentFrame() {
  const me = useGetCurrentUser();
  return (
    <ShellFrame
      title="Student Portal"
      userLabel={me.data ? displayName(me.data) : undefined}
      showBell
      overflowActions={[
        { key: 'my-profile', label: 'My profile', to: '/student/my-profile', icon: PersonOutline },
        { key: 'pages', label: 'Information from the office', to: '/student/pages', icon: ArticleOutlined },
      ]}
    >
      <Outlet />
    </ShellFrame>
  );
}

/** #/student/*: students only. */
export function StudentShell() {
  return (
    <RequireAuth roles={['ISSSstudent']}>
      <StudentFrame />
    </RequireAuth>
  );
}

import type { RouteObject } from 'react-router';
import { NewStudentUiGuard } from '../../../shells/guards/new-student-ui-guard';
import { RequirePermission } from '../../../shells/guards/require-permission';

/** OPT management (student admin shell): only with the new student UI, and for those who read students. */
export const optRoutes: RouteObject[] = [
  {
    element: (
      <NewStudentUiGuard>
        <RequirePermission permission="students.read" homePath="/isss/dashboard" />
      </NewStudentUiGuard>
    ),
    children: [
      {
        path: 'opt-stem-students-and-employers',
        lazy: async () => ({ Component: (await import('./pages/opt-students-page')).OptStudentsPage }),
      },
      {
        path: 'stem-report-participation',
        lazy: async () => ({ Component: (await import('./pages/stem-reports-page')).StemReportsPage }),
      },
    ],
  },
];

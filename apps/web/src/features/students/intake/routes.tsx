import type { RouteObject } from 'react-router';
import { RequirePermission } from '../../../shells/guards/require-permission';

const HOME = '/isss/dashboard';

/** Newly Admitted Students, Batch Upload and Convert from Legacy (student admin shell). */
export const intakeRoutes: RouteObject[] = [
  {
    element: <RequirePermission permission="students.read" homePath={HOME} />,
    children: [
      {
        path: 'newly-admitted-students',
        lazy: async () => ({ Component: (await import('./pages/newly-admitted-students-page')).NewlyAdmittedStudentsPage }),
      },
    ],
  },
  {
    element: <RequirePermission permission="students.import" homePath={HOME} />,
    children: [
      { path: 'batch-upload-list', lazy: async () => ({ Component: (await import('./pages/batch-upload-page')).BatchUploadPage }) },
      {
        path: 'batch-upload-list/:importId',
        lazy: async () => ({ Component: (await import('./pages/batch-upload-preview-page')).BatchUploadPreviewPage }),
      },
    ],
  },
  {
    element: <RequirePermission permission={['students.import', 'scholars.import']} homePath={HOME} />,
    children: [
      {
        path: 'convert-from-legacy',
        lazy: async () => ({ Component: (await import('./pages/convert-from-legacy-page')).ConvertFromLegacyPage }),
      },
    ],
  },
];

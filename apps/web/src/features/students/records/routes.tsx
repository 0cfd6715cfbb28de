import type { RouteObject } from 'react-router';
import { RequirePermission } from '../../../shells/guards/require-permission';

const create = () => import('./pages/student-create-page');

/** A student record: profile, new F-1 or J-1 student, a J-1 cohort, a correction to compare (student admin shell). */
export const recordsRoutes: RouteObject[] = [
  {
    path: 'student-profile/:profileId',
    lazy: async () => ({ Component: (await import('./pages/student-profile-page')).StudentProfilePage }),
  },
  {
    path: 'student/create',
    lazy: async () => {
      const { StudentCreatePage } = await create();
      return { element: <StudentCreatePage visaType="F-1" /> };
    },
  },
  {
    path: 'create-j1',
    lazy: async () => {
      const { StudentCreatePage } = await create();
      return { element: <StudentCreatePage visaType="J-1" /> };
    },
  },
  // An exchange visitor of any SEVIS category (students, scholars, professors...): the same J-1 form.
  {
    path: 'create-ev',
    lazy: async () => {
      const { StudentCreatePage } = await create();
      return { element: <StudentCreatePage visaType="J-1" /> };
    },
  },
  // A cohort of J-1 exchange visitors at once (docs/product/students-records.md#j-1-cohort).
  {
    element: <RequirePermission permission="students.manage" homePath="/isss/dashboard" />,
    children: [
      {
        path: 'create-cohort-j1',
        lazy: async () => ({ Component: (await import('./pages/j1-cohort-create-page')).J1CohortCreatePage }),
      },
    ],
  },
  // Field and Tag Configuration: the fields of the office's forms (docs/product/field-configuration.md) and its tags
  // as one vocabulary (docs/product/students-records.md#tags), a tab each.
  {
    element: <RequirePermission permission={['fields.configure', 'students.tags.manage']} homePath="/isss/dashboard" />,
    children: [
      {
        path: 'field-tag-configuration',
        lazy: async () => ({ Component: (await import('./pages/field-tag-configuration-page')).FieldTagConfigurationPage }),
      },
    ],
  },
  {
    path: 'student-request-comparison/:correctionId',
    lazy: async () => ({
      Component: (await import('./pages/student-request-comparison-page')).StudentRequestComparisonPage,
    }),
  },
];

/** The student's own profile (student shell). */
export const myRecordRoutes: RouteObject[] = [
  { path: 'my-profile', lazy: async () => ({ Component: (await import('./pages/my-profile-page')).MyProfilePage }) },
];

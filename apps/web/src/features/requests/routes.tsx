import type { RouteObject } from 'react-router';
import { AssistantNewStudentUiGuard } from '../../shells/guards/new-student-ui-guard';
import { RequirePermission } from '../../shells/guards/require-permission';

// Each page loads on first use: most users of the portal open one or two of them.
const list = () => import('./pages/request-list-page');
const detail = () => import('./pages/request-detail-page');
const home = () => import('./pages/requester-home-page');
const create = () => import('./pages/request-create-page');
const edit = () => import('./pages/request-edit-page');
const typeEdit = async () => ({ Component: (await import('./pages/request-type-edit-page')).RequestTypeEditPage });

/** The office's request list and a request (admin shell). */
export const requestsAdminRoutes: RouteObject[] = [
  {
    element: <RequirePermission permission="requests.process" homePath="/admin/dashboard" />,
    children: [
      {
        path: 'requests',
        lazy: async () => {
          const { RequestListPage } = await list();
          return { element: <RequestListPage area="admin" /> };
        },
      },
    ],
  },
  {
    path: 'request/:requestId',
    lazy: async () => {
      const { RequestDetailPage } = await detail();
      return { element: <RequestDetailPage area="admin" /> };
    },
  },
];

/** The Student Request List, a request, the request types' configuration and Student Request Assignment (student admin shell). */
export const requestsIsssRoutes: RouteObject[] = [
  {
    path: 'students-request-list',
    element: (
      <AssistantNewStudentUiGuard>
        <RequirePermission permission="requests.process" homePath="/isss/dashboard" />
      </AssistantNewStudentUiGuard>
    ),
    children: [
      {
        index: true,
        lazy: async () => {
          const { RequestListPage } = await list();
          return { element: <RequestListPage area="isss" /> };
        },
      },
    ],
  },
  {
    path: 'request/:requestId',
    lazy: async () => {
      const { RequestDetailPage } = await detail();
      return { element: <RequestDetailPage area="isss" /> };
    },
  },
  {
    element: <RequirePermission permission="requests.configure" homePath="/isss/dashboard" />,
    children: [
      {
        path: 'request-configuration',
        lazy: async () => ({ Component: (await import('./pages/request-configuration-page')).RequestConfigurationPage }),
      },
      { path: 'request-configuration/create', lazy: typeEdit },
      { path: 'request-configuration/edit/:requestTypeId', lazy: typeEdit },
      {
        path: 'student-request-approval',
        lazy: async () => ({ Component: (await import('./pages/student-request-assignment-page')).StudentRequestAssignmentPage }),
      },
    ],
  },
];

/** A scholar's or department's own requests (scholar shell). */
export const requestsScholarRoutes: RouteObject[] = [
  {
    path: 'requests',
    lazy: async () => {
      const { RequesterHomePage } = await home();
      return { element: <RequesterHomePage portal="scholar" /> };
    },
  },
  {
    path: 'request-create/:requestTypeId',
    lazy: async () => {
      const { RequestCreatePage } = await create();
      return { element: <RequestCreatePage portal="scholar" homePath="/scholar/requests" /> };
    },
  },
  {
    path: 'request-edit/:requestId',
    lazy: async () => {
      const { RequestEditPage } = await edit();
      return { element: <RequestEditPage portal="scholar" homePath="/scholar/requests" /> };
    },
  },
];

/** A student starts a request of a type without a page of its own (student shell). */
export const requestsStudentRoutes: RouteObject[] = [
  {
    path: 'request-create/:requestTypeId',
    lazy: async () => {
      const { RequestCreatePage } = await create();
      return { element: <RequestCreatePage portal="student" homePath="/" /> };
    },
  },
];

import type { RouteObject } from 'react-router';
import type { TPageVariant } from './pages/student-request-page';

// Loaded on first use: the forms are large and only students open them.
const pages = () => import('./pages/student-request-page');
const create = (path: string, variant?: TPageVariant): RouteObject => ({
  path,
  lazy: async () => {
    const { StudentRequestCreatePage } = await pages();
    return { element: <StudentRequestCreatePage variant={variant} /> };
  },
});
const edit = (path: string, variant?: TPageVariant, readOnlyView = false): RouteObject => ({
  path,
  lazy: async () => {
    const { StudentRequestEditPage } = await pages();
    return { element: <StudentRequestEditPage variant={variant} readOnlyView={readOnlyView} /> };
  },
});

const PRE_OPT: TPageVariant = { title: 'Pre-completion OPT', preset: { opt_type: '01' }, hidden: ['opt_type'] };
const POST_OPT: TPageVariant = { title: 'Post-completion OPT', preset: { opt_type: '02' }, hidden: ['opt_type'] };

/**
 * The student admin shell's page of a student request the office fills in itself (a termination:
 * docs/product/students-requests.md#the-offices-own-requests).
 */
export const officeRequestRoutes: RouteObject[] = [
  {
    path: 'office-request/:requestId',
    lazy: async () => ({ Component: (await import('./pages/office-request-page')).OfficeRequestPage }),
  },
];

/** The student shell's request pages, each with a request type id (start) or a request id. */
export const studentRequestRoutes: RouteObject[] = [
  {
    path: 'student-service-menu/:profileId',
    lazy: async () => ({ Component: (await import('./pages/service-menu-page')).ServiceMenuPage }),
  },
  create('cpt-request/:requestTypeId'),
  edit('cpt-request/edit/:requestId'),
  create('pre-opt/create/:requestTypeId', PRE_OPT),
  edit('pre-opt/edit/:requestId', { hidden: ['opt_type'] }),
  create('pre-opt/update-employer/:requestTypeId'),
  create('post-opt/create/:requestTypeId', POST_OPT),
  edit('post-opt/edit/:requestId', { hidden: ['opt_type'] }),
  create('post-opt/update-employer/:requestTypeId'),
  create('post-opt/stem-extension/:requestTypeId'),
  edit('post-opt/stem-extension/edit/:requestId'),
  create('rcl-request/create/:requestTypeId'),
  edit('rcl-request/edit/:requestId'),
  {
    path: 'rcl-request/cancel/:requestId',
    lazy: async () => ({ Component: (await import('./pages/rcl-cancel-page')).RclCancelPage }),
  },
  create('col-request/:requestTypeId'),
  edit('col-request/edit/:requestId'),
  create('transfer-in/create/:requestTypeId'),
  edit('transfer-in/edit/:requestId'),
  edit('opt-detail/:requestId', undefined, true),
  {
    path: 'request-create-wizard/:requestTypeId',
    lazy: async () => ({ Component: (await import('./pages/request-wizard-page')).RequestCreateWizardPage }),
  },
  {
    path: 'request-edit-wizard/:requestId',
    lazy: async () => ({ Component: (await import('./pages/request-wizard-page')).RequestEditWizardPage }),
  },
  // Types with their own page (CPT, OPT, ...) are sent there; the others use the generic page.
  {
    path: 'request-edit/:requestId',
    lazy: async () => ({ Component: (await import('./pages/generic-edit-switch')).StudentGenericEditSwitch }),
  },
];

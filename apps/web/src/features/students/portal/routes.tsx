import type { RouteObject } from 'react-router';
import { RequirePermission } from '../../../shells/guards/require-permission';

const stepEdit = async () => ({ Component: (await import('./pages/wizard-step-edit-page')).WizardStepEditPage });
const checklist = async () => (await import('./pages/stage-checklist-page')).StageChecklistPage;

/** The office's welcome wizard and stage configuration (student admin shell). */
export const portalConfigurationRoutes: RouteObject[] = [
  {
    element: <RequirePermission permission="students.configure" homePath="/isss/dashboard" />,
    children: [
      {
        path: 'welcome-wizard-configurations',
        lazy: async () => ({
          Component: (await import('./pages/welcome-wizard-configurations-page')).WelcomeWizardConfigurationsPage,
        }),
      },
      { path: 'welcome-wizard-configurations/create', lazy: stepEdit },
      { path: 'welcome-wizard-configurations/edit/:stepId', lazy: stepEdit },
      {
        path: 'welcome-wizard-configurations/preview',
        lazy: async () => ({ Component: (await import('./pages/wizard-preview-page')).WizardPreviewPage }),
      },
      // The old product's spelling of the route (docs/product/students-portal.md#stage-configuration).
      {
        path: 'student-stage-configuartion',
        lazy: async () => ({ Component: (await import('./pages/stage-configuration-page')).StageConfigurationPage }),
      },
    ],
  },
];

/** The student's welcome wizard and stage checklists (student shell). */
export const portalRoutes: RouteObject[] = [
  { path: 'welcome-wizard', lazy: async () => ({ Component: (await import('./pages/welcome-wizard-page')).WelcomeWizardPage }) },
  {
    path: 'student-pre-arrival',
    lazy: async () => {
      const StageChecklistPage = await checklist();
      return { element: <StageChecklistPage stage="pre_arrival" /> };
    },
  },
  {
    path: 'student-check-in',
    lazy: async () => {
      const StageChecklistPage = await checklist();
      return { element: <StageChecklistPage stage="check_in" /> };
    },
  },
  {
    path: 'my-checklist',
    lazy: async () => {
      const StageChecklistPage = await checklist();
      return { element: <StageChecklistPage stage="continuing" /> };
    },
  },
];

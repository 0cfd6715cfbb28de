import type { RouteObject } from 'react-router';
import { RequirePermission } from '../../shells/guards/require-permission';

const HOME = '/admin/dashboard';
const builder = async () => ({ Component: (await import('./pages/questionnaire-builder-page')).QuestionnaireBuilderPage });

/** Form Management and Question & Document Configuration (admin shell). */
export const formsRoutes: RouteObject[] = [
  {
    element: <RequirePermission permission="forms.read" homePath={HOME} />,
    children: [
      { path: 'form-management', lazy: async () => ({ Component: (await import('./pages/form-management-page')).FormManagementPage }) },
      { path: 'form-management/:questionnaireId', lazy: builder },
      {
        path: 'question-document-configuration',
        lazy: async () => ({
          Component: (await import('./pages/question-document-configuration-page')).QuestionDocumentConfigurationPage,
        }),
      },
    ],
  },
  // A new questionnaire is only for those who manage forms; reading one is for all who read them.
  { element: <RequirePermission permission="forms.manage" homePath={HOME} />, children: [{ path: 'form-management/new', lazy: builder }] },
];

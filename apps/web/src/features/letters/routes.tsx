import type { RouteObject } from 'react-router';
import { RequirePermission } from '../../shells/guards/require-permission';

/** Letter Templates (student admin shell, Configuration): staff who write letters read them; super users and officers change them (docs/product/letters.md). */
export const letterRoutes: RouteObject[] = [
  {
    element: <RequirePermission permission="letters.generate" homePath="/isss/dashboard" />,
    children: [
      { path: 'letter-template', lazy: async () => ({ Component: (await import('./pages/letter-templates-page')).LetterTemplatesPage }) },
      {
        path: 'letter-template/:templateId',
        lazy: async () => ({ Component: (await import('./pages/letter-template-page')).LetterTemplatePage }),
      },
    ],
  },
];

import type { RouteObject } from 'react-router';
import { RequirePermission } from '../../shells/guards/require-permission';

const editor = async () => ({ Component: (await import('./pages/email-template-editor-page')).EmailTemplateEditorPage });

/**
 * Email Templates (admin shell, Configuration): super users and officers (docs/product/messages.md#who-may-edit-templates).
 * The editor page brings the rich-text editor with it, in its own chunk.
 */
export const emailTemplateRoutes: RouteObject[] = [
  {
    element: <RequirePermission permission="messages.templates.manage" homePath="/admin/dashboard" />,
    children: [
      { path: 'email-templates', lazy: async () => ({ Component: (await import('./pages/email-templates-page')).EmailTemplatesPage }) },
      { path: 'email-templates/new', lazy: editor },
      { path: 'email-templates/system/:key', lazy: editor },
      { path: 'email-templates/:templateId', lazy: editor },
    ],
  },
];

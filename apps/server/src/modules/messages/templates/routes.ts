import type { FastifyInstance } from 'fastify';
import { messagesApi } from '@meridian/domain';
import { registerRoute } from '../../../platform/http/route.js';
import type { TServices } from '../../../platform/http/context.js';
import { getEmailTemplate, getSystemEmail, listEmailTemplates } from './operations/list-email-templates.js';
import { previewEmailTemplate, sendTestEmailTemplate } from './operations/preview-email-template.js';
import {
  createEmailTemplate,
  deleteEmailTemplate,
  resetSystemEmail,
  restoreEmailTemplateVersion,
  saveSystemEmail,
  updateEmailTemplate,
} from './operations/save-email-template.js';

/** E-mail templates (docs/product/messages.md#e-mail-templates). */
export function emailTemplateRoutes(app: FastifyInstance, s: TServices): void {
  registerRoute(app, s, messagesApi.listEmailTemplates, (ctx, { query }) => listEmailTemplates(ctx, query));
  registerRoute(app, s, messagesApi.previewEmailTemplate, (ctx, { body }) => previewEmailTemplate(ctx, body));
  registerRoute(app, s, messagesApi.sendTestEmailTemplate, (ctx, { body }) => sendTestEmailTemplate(ctx, body));
  registerRoute(app, s, messagesApi.getEmailTemplate, (ctx, { params }) => getEmailTemplate(ctx, params.templateId));
  registerRoute(app, s, messagesApi.createEmailTemplate, (ctx, { body }) => createEmailTemplate(ctx, body));
  registerRoute(app, s, messagesApi.updateEmailTemplate, (ctx, { params, body }) => updateEmailTemplate(ctx, params.templateId, body));
  registerRoute(app, s, messagesApi.deleteEmailTemplate, (ctx, { params }) => deleteEmailTemplate(ctx, params.templateId));
  registerRoute(app, s, messagesApi.restoreEmailTemplateVersion, (ctx, { params }) =>
    restoreEmailTemplateVersion(ctx, params.templateId, params.version),
  );
  registerRoute(app, s, messagesApi.getSystemEmail, (ctx, { params }) => getSystemEmail(ctx, params.key));
  registerRoute(app, s, messagesApi.saveSystemEmail, (ctx, { params, body }) => saveSystemEmail(ctx, params.key, body));
  registerRoute(app, s, messagesApi.resetSystemEmail, (ctx, { params }) => resetSystemEmail(ctx, params.key));
}

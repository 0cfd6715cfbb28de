import type { FastifyInstance } from 'fastify';
import { messagesApi } from '@meridian/domain';
import { registerRoute } from '../../../platform/http/route.js';
import type { TServices } from '../../../platform/http/context.js';
import { createMassSend, previewMassMessage, previewMassRecipients } from './create-mass-send.js';
import { cancelMassSend, getMassSend, listMassRecipients, listMassSends, resendMassSend } from './mass-send-actions.js';
import { registerMassSendJob } from './mass-send-job.js';

/** Email Communications (docs/product/messages.md#email-communications). */
export function massEmailRoutes(app: FastifyInstance, s: TServices): void {
  registerMassSendJob();
  registerRoute(app, s, messagesApi.listMassSends, (ctx, { query }) => listMassSends(ctx, query));
  registerRoute(app, s, messagesApi.previewMassRecipients, (ctx, { body }) => previewMassRecipients(ctx, body));
  registerRoute(app, s, messagesApi.previewMassMessage, (ctx, { body }) => previewMassMessage(ctx, body));
  registerRoute(app, s, messagesApi.createMassSend, (ctx, { body }) => createMassSend(ctx, body));
  registerRoute(app, s, messagesApi.getMassSend, (ctx, { params }) => getMassSend(ctx, params.massSendId));
  registerRoute(app, s, messagesApi.listMassRecipients, (ctx, { params, query }) => listMassRecipients(ctx, params.massSendId, query));
  registerRoute(app, s, messagesApi.cancelMassSend, (ctx, { params }) => cancelMassSend(ctx, params.massSendId));
  registerRoute(app, s, messagesApi.resendMassSend, (ctx, { params }) => resendMassSend(ctx, params.massSendId));
}

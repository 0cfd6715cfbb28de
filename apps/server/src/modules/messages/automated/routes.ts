import type { FastifyInstance } from 'fastify';
import { messagesApi } from '@meridian/domain';
import type { TServices } from '../../../platform/http/context.js';
import { registerRoute } from '../../../platform/http/route.js';
import { getAutomatedEmailConfig, saveAutomatedEmailSetting } from './automated-email-config.js';

/** Automated e-mail (docs/product/messages.md#automated-e-mail). */
export function automatedEmailRoutes(app: FastifyInstance, s: TServices): void {
  registerRoute(app, s, messagesApi.getAutomatedEmailConfig, (ctx) => getAutomatedEmailConfig(ctx));
  registerRoute(app, s, messagesApi.saveAutomatedEmailSetting, (ctx, { params, body }) =>
    saveAutomatedEmailSetting(ctx, params.eventKey, body),
  );
}

import type { FastifyInstance } from 'fastify';
import { sevisApi } from '@meridian/domain';
import { registerRoute } from '../../../platform/http/route.js';
import type { TServices } from '../../../platform/http/context.js';
import { createSevisSettings, listSevisSettings, updateSevisSettings } from '../operations/settings-manage.js';
import { listSevisSenders, removeSevisSender, saveSevisSender } from '../operations/settings-senders.js';

/** The sevis module's settings routes: SEVIS Settings per campus site and program kind, SEVIS Permissions. */
export function settingsRoutes(app: FastifyInstance, s: TServices): void {
  registerRoute(app, s, sevisApi.listSevisSettings, (ctx) => listSevisSettings(ctx));
  registerRoute(app, s, sevisApi.createSevisSettings, (ctx, { body }) => createSevisSettings(ctx, body));
  registerRoute(app, s, sevisApi.updateSevisSettings, (ctx, { params, body }) => updateSevisSettings(ctx, params.settingsId, body));
  registerRoute(app, s, sevisApi.listSevisSenders, (ctx) => listSevisSenders(ctx));
  registerRoute(app, s, sevisApi.saveSevisSender, (ctx, { body }) => saveSevisSender(ctx, body));
  registerRoute(app, s, sevisApi.removeSevisSender, (ctx, { params }) => removeSevisSender(ctx, params.userId, params.kind));
}

import type { FastifyInstance } from 'fastify';
import { sevisApi } from '@meridian/domain';
import { registerRoute } from '../../../platform/http/route.js';
import type { TServices } from '../../../platform/http/context.js';
import { createSevisSettings } from './operations/create-sevis-settings.js';
import { listSevisSettings } from './operations/list-sevis-settings.js';
import { updateSevisSettings } from './operations/update-sevis-settings.js';
import { listSevisSenders } from './operations/list-sevis-senders.js';
import { removeSevisSender } from './operations/remove-sevis-sender.js';
import { saveSevisSender } from './operations/save-sevis-sender.js';

/** The sevis module's settings routes: SEVIS Settings per campus site and program kind, SEVIS Permissions. */
export function settingsRoutes(app: FastifyInstance, s: TServices): void {
  registerRoute(app, s, sevisApi.listSevisSettings, (ctx) => listSevisSettings(ctx));
  registerRoute(app, s, sevisApi.createSevisSettings, (ctx, { body }) => createSevisSettings(ctx, body));
  registerRoute(app, s, sevisApi.updateSevisSettings, (ctx, { params, body }) => updateSevisSettings(ctx, params.settingsId, body));
  registerRoute(app, s, sevisApi.listSevisSenders, (ctx) => listSevisSenders(ctx));
  registerRoute(app, s, sevisApi.saveSevisSender, (ctx, { body }) => saveSevisSender(ctx, body));
  registerRoute(app, s, sevisApi.removeSevisSender, (ctx, { params }) =>
    removeSevisSender(ctx, params.campusSiteId, params.userId, params.kind),
  );
}

import type { FastifyInstance } from 'fastify';
import { institutionsApi } from '@meridian/domain';
import { registerRoute } from '../../platform/http/route.js';
import type { TServices } from '../../platform/http/context.js';
import { getBranding } from './operations/get-branding.js';
import { getInstitutionSettings } from './operations/get-institution-settings.js';
import { updateInstitutionSettings } from './operations/update-institution-settings.js';

export function institutionRoutes(app: FastifyInstance, s: TServices): void {
  registerRoute(app, s, institutionsApi.getBranding, (ctx) => getBranding(ctx));
  registerRoute(app, s, institutionsApi.getInstitutionSettings, (ctx) => getInstitutionSettings(ctx));
  registerRoute(app, s, institutionsApi.updateInstitutionSettings, (ctx, { body }) => updateInstitutionSettings(ctx, body));
}

import type { FastifyInstance } from 'fastify';
import { scholarsApi } from '@meridian/domain';
import { registerRoute } from '../../../platform/http/route.js';
import type { TServices } from '../../../platform/http/context.js';
import { getApplication, getMyApplication, saveApplicationDraft } from '../operations/application-form.js';
import { submitApplication } from '../operations/application-submit.js';

/** The scholar portal (issue 5 item 2): the application form, its drafts and its submission; the office reads and corrects the same form. */
export function portalRoutes(app: FastifyInstance, s: TServices): void {
  registerRoute(app, s, scholarsApi.getMyApplication, (ctx) => getMyApplication(ctx));
  registerRoute(app, s, scholarsApi.getPortalApplication, (ctx, { params }) => getApplication(ctx, params.applicationId));
  registerRoute(app, s, scholarsApi.saveApplicationDraft, (ctx, { params, body }) => saveApplicationDraft(ctx, params.applicationId, body));
  registerRoute(app, s, scholarsApi.submitApplication, (ctx, { params, body }) => submitApplication(ctx, params.applicationId, body));
  registerRoute(app, s, scholarsApi.getApplicationFormForStaff, (ctx, { params }) => getApplication(ctx, params.applicationId));
  registerRoute(app, s, scholarsApi.saveApplicationFormForStaff, (ctx, { params, body }) =>
    saveApplicationDraft(ctx, params.applicationId, body),
  );
}

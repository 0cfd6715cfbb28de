import type { FastifyInstance } from 'fastify';
import { scholarsApi } from '@meridian/domain';
import { registerRoute } from '../../../platform/http/route.js';
import type { TServices } from '../../../platform/http/context.js';
import { getApplicationFormForStaff } from './operations/get-application-form-for-staff.js';
import { getMyApplication } from './operations/get-my-application.js';
import { getPortalApplication } from './operations/get-portal-application.js';
import { saveApplicationDraft } from './operations/save-application-draft.js';
import { saveApplicationFormForStaff } from './operations/save-application-form-for-staff.js';
import { submitApplication } from './operations/submit-application.js';

/**
 * The scholar portal (docs/product/scholars-portal.md): the application form, its drafts and its submission;
 * the office reads and corrects the same form.
 */
export function portalRoutes(app: FastifyInstance, s: TServices): void {
  registerRoute(app, s, scholarsApi.getMyApplication, (ctx) => getMyApplication(ctx));
  registerRoute(app, s, scholarsApi.getPortalApplication, (ctx, { params }) => getPortalApplication(ctx, params.applicationId));
  registerRoute(app, s, scholarsApi.saveApplicationDraft, (ctx, { params, body }) => saveApplicationDraft(ctx, params.applicationId, body));
  registerRoute(app, s, scholarsApi.submitApplication, (ctx, { params, body }) => submitApplication(ctx, params.applicationId, body));
  registerRoute(app, s, scholarsApi.getApplicationFormForStaff, (ctx, { params }) => getApplicationFormForStaff(ctx, params.applicationId));
  registerRoute(app, s, scholarsApi.saveApplicationFormForStaff, (ctx, { params, body }) =>
    saveApplicationFormForStaff(ctx, params.applicationId, body),
  );
}

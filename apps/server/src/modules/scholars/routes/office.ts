import type { FastifyInstance } from 'fastify';
import { scholarsApi } from '@meridian/domain';
import { registerRoute } from '../../../platform/http/route.js';
import type { TServices } from '../../../platform/http/context.js';
import { getAccountSettings, updateAccountSettings } from '../operations/account-settings.js';
import { getCaseHistory, getOfficeCase, listCaseDocuments, listCaseRequests } from '../operations/office-case.js';
import { updateEmploymentDetails, updateOfficeData, updatePremiumProcessing } from '../operations/office-details.js';
import { processSponsorship } from '../operations/process-sponsorship.js';
import { changeCaseStatus } from '../operations/status-change.js';
import { listTemplates, updateTemplate } from '../operations/templates.js';

/** The scholars module's office routes (issue 5): review and process, the profile's tabs, status, account settings, templates. */
export function officeRoutes(app: FastifyInstance, s: TServices): void {
  registerRoute(app, s, scholarsApi.getOfficeCase, (ctx, { params }) => getOfficeCase(ctx, params.applicationId));
  registerRoute(app, s, scholarsApi.processSponsorship, (ctx, { params, body }) => processSponsorship(ctx, params.applicationId, body));
  registerRoute(app, s, scholarsApi.changeCaseStatus, (ctx, { params, body }) => changeCaseStatus(ctx, params.applicationId, body));
  registerRoute(app, s, scholarsApi.updateOfficeData, (ctx, { params, body }) => updateOfficeData(ctx, params.applicationId, body));
  registerRoute(app, s, scholarsApi.updatePremiumProcessing, (ctx, { params, body }) =>
    updatePremiumProcessing(ctx, params.applicationId, body),
  );
  registerRoute(app, s, scholarsApi.updateEmploymentDetails, (ctx, { params, body }) =>
    updateEmploymentDetails(ctx, params.applicationId, body),
  );
  registerRoute(app, s, scholarsApi.listCaseRequests, (ctx, { params }) => listCaseRequests(ctx, params.applicationId));
  registerRoute(app, s, scholarsApi.listCaseDocuments, (ctx, { params }) => listCaseDocuments(ctx, params.applicationId));
  registerRoute(app, s, scholarsApi.getCaseHistory, (ctx, { params, query }) =>
    getCaseHistory(ctx, params.applicationId, query.page, query.pageSize),
  );
  registerRoute(app, s, scholarsApi.getScholarAccountSettings, (ctx) => getAccountSettings(ctx));
  registerRoute(app, s, scholarsApi.updateScholarAccountSettings, (ctx, { body }) => updateAccountSettings(ctx, body));
  registerRoute(app, s, scholarsApi.listScholarTemplates, (ctx) => listTemplates(ctx));
  registerRoute(app, s, scholarsApi.updateScholarTemplate, (ctx, { params, body }) => updateTemplate(ctx, params.code, body));
}

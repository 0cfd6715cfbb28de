import type { FastifyInstance } from 'fastify';
import { scholarsApi } from '@meridian/domain';
import { registerRoute } from '../../../platform/http/route.js';
import type { TServices } from '../../../platform/http/context.js';
import { getScholarAccountSettings } from './operations/get-scholar-account-settings.js';
import { updateScholarAccountSettings } from './operations/update-scholar-account-settings.js';
import { getCaseHistory } from './operations/get-case-history.js';
import { getOfficeCase } from './operations/get-office-case.js';
import { listCaseDocuments } from './operations/list-case-documents.js';
import { listCaseRequests } from './operations/list-case-requests.js';
import { updateEmploymentDetails } from './operations/update-employment-details.js';
import { updateOfficeData } from './operations/update-office-data.js';
import { updatePremiumProcessing } from './operations/update-premium-processing.js';
import { processSponsorship } from './operations/process-sponsorship.js';
import { changeCaseStatus } from './operations/change-case-status.js';
import { createCaseExchangeVisitor } from './operations/create-case-exchange-visitor.js';
import { listScholarTemplates } from './operations/list-scholar-templates.js';
import { updateScholarTemplate } from './operations/update-scholar-template.js';

/**
 * The scholars module's office routes (docs/product/scholars-office.md): review and process, the profile's
 * tabs, status, account settings, templates.
 */
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
  registerRoute(app, s, scholarsApi.createCaseExchangeVisitor, (ctx, { params, body }) =>
    createCaseExchangeVisitor(ctx, params.applicationId, body),
  );
  registerRoute(app, s, scholarsApi.listCaseRequests, (ctx, { params }) => listCaseRequests(ctx, params.applicationId));
  registerRoute(app, s, scholarsApi.listCaseDocuments, (ctx, { params }) => listCaseDocuments(ctx, params.applicationId));
  registerRoute(app, s, scholarsApi.getCaseHistory, (ctx, { params, query }) =>
    getCaseHistory(ctx, params.applicationId, query.page, query.pageSize),
  );
  registerRoute(app, s, scholarsApi.getScholarAccountSettings, (ctx) => getScholarAccountSettings(ctx));
  registerRoute(app, s, scholarsApi.updateScholarAccountSettings, (ctx, { body }) => updateScholarAccountSettings(ctx, body));
  registerRoute(app, s, scholarsApi.listScholarTemplates, (ctx) => listScholarTemplates(ctx));
  registerRoute(app, s, scholarsApi.updateScholarTemplate, (ctx, { params, body }) => updateScholarTemplate(ctx, params.code, body));
}

import type { FastifyInstance } from 'fastify';
import { scholarsApi } from '@meridian/domain';
import { registerRoute } from '../../../platform/http/route.js';
import type { TServices } from '../../../platform/http/context.js';
import { createDeptWorkflow, listDeptApproverCandidates, listDeptWorkflows, updateDeptWorkflow } from '../../workflows/index.js';
import { getDeptConfig } from './operations/get-dept-config.js';
import { updateDeptConfig } from './operations/update-dept-config.js';
import { createSponsorship } from './operations/create-sponsorship.js';
import { getDeptCase } from './operations/get-dept-case.js';
import { getMySponsorshipRequest } from './operations/get-my-sponsorship-request.js';
import { listDeptCaseEvents } from './operations/list-dept-case-events.js';
import { updateSponsorship } from './operations/update-sponsorship.js';
import { inviteScholar } from './operations/invite-scholar.js';
import { sendForApproval } from './operations/send-for-approval.js';
import { listDeptCases } from './operations/list-dept-cases.js';

/**
 * The scholars module's department routes (docs/product/scholars-department.md): dashboard, sponsorship
 * requests, configurations, workflows.
 */
export function departmentRoutes(app: FastifyInstance, s: TServices): void {
  const a = scholarsApi;
  registerRoute(app, s, a.listDeptCases, (ctx, { query }) => listDeptCases(ctx, query));
  registerRoute(app, s, a.createSponsorship, (ctx, { body }) => createSponsorship(ctx, body));
  registerRoute(app, s, a.getDeptCase, (ctx, { params }) => getDeptCase(ctx, params.applicationId));
  registerRoute(app, s, a.updateSponsorship, (ctx, { params, body }) => updateSponsorship(ctx, params.applicationId, body));
  registerRoute(app, s, a.inviteScholar, (ctx, { params }) => inviteScholar(ctx, params.applicationId));
  registerRoute(app, s, a.sendForApproval, (ctx, { params }) => sendForApproval(ctx, params.applicationId));
  registerRoute(app, s, a.listDeptCaseEvents, (ctx, { params, query }) =>
    listDeptCaseEvents(ctx, params.applicationId, query.page, query.pageSize),
  );
  registerRoute(app, s, a.getMySponsorshipRequest, (ctx) => getMySponsorshipRequest(ctx));
  registerRoute(app, s, a.getDeptConfig, (ctx) => getDeptConfig(ctx));
  registerRoute(app, s, a.updateDeptConfig, (ctx, { body }) => updateDeptConfig(ctx, body));
  registerRoute(app, s, a.listDeptWorkflows, (ctx) => listDeptWorkflows(ctx));
  registerRoute(app, s, a.createDeptWorkflow, (ctx, { body }) => createDeptWorkflow(ctx, body));
  registerRoute(app, s, a.updateDeptWorkflow, (ctx, { params, body }) => updateDeptWorkflow(ctx, params.workflowId, body));
  registerRoute(app, s, a.listDeptApproverCandidates, (ctx) => listDeptApproverCandidates(ctx));
}

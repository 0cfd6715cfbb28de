import type { FastifyInstance } from 'fastify';
import { workflowsApi } from '@meridian/domain';
import { registerRoute } from '../../platform/http/route.js';
import type { TServices } from '../../platform/http/context.js';
import * as approvals from './operations/approvals.js';
import * as wf from './operations/workflows.js';

const NO_REFERRER = { headers: { 'Referrer-Policy': 'no-referrer' } };

export function workflowRoutes(app: FastifyInstance, s: TServices): void {
  const a = workflowsApi;
  registerRoute(app, s, a.listWorkflows, (ctx) => wf.listWorkflows(ctx));
  registerRoute(app, s, a.createWorkflow, (ctx, { body }) => wf.createWorkflow(ctx, body));
  registerRoute(app, s, a.updateWorkflow, (ctx, { params, body }) => wf.updateWorkflow(ctx, params.workflowId, body));
  registerRoute(app, s, a.deleteWorkflow, (ctx, { params }) => wf.deleteWorkflow(ctx, params.workflowId));
  registerRoute(app, s, a.deleteUserGroup, (ctx, { params }) => wf.deleteUserGroup(ctx, params.groupId));
  registerRoute(app, s, a.listApproverCandidates, (ctx) => wf.listApproverCandidates(ctx));
  registerRoute(app, s, a.listUserGroups, (ctx) => wf.listUserGroups(ctx));
  registerRoute(app, s, a.createUserGroup, (ctx, { body }) => wf.createUserGroup(ctx, body));
  registerRoute(app, s, a.updateUserGroup, (ctx, { params, body }) => wf.updateUserGroup(ctx, params.groupId, body));
  registerRoute(app, s, a.inspectApproval, (ctx, { body }) => approvals.inspectApproval(ctx, body.token), NO_REFERRER);
  registerRoute(
    app,
    s,
    a.decideByToken,
    (ctx, { body }) => approvals.decideByToken(ctx, body.token, body.decision, body.comment),
    NO_REFERRER,
  );
  registerRoute(app, s, a.listMyApprovals, (ctx) => approvals.listMyApprovals(ctx));
  registerRoute(app, s, a.decideApproval, (ctx, { params, body }) =>
    approvals.decideMine(ctx, params.approvalId, body.decision, body.comment),
  );
}

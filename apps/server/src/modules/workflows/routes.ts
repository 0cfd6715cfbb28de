import type { FastifyInstance } from 'fastify';
import { workflowsApi } from '@meridian/domain';
import { registerRoute } from '../../platform/http/route.js';
import type { TServices } from '../../platform/http/context.js';
import { inspectApproval } from './operations/inspect-approval.js';
import { decideByToken } from './operations/decide-by-token.js';
import { listMyApprovals } from './operations/list-my-approvals.js';
import { decideApproval } from './operations/decide-approval.js';
import { listWorkflows } from './operations/list-workflows.js';
import { createWorkflow } from './operations/create-workflow.js';
import { updateWorkflow } from './operations/update-workflow.js';
import { deleteWorkflow } from './operations/delete-workflow.js';
import { deleteUserGroup } from './operations/delete-user-group.js';
import { listApproverCandidates } from './operations/list-approver-candidates.js';
import { listUserGroups } from './operations/list-user-groups.js';
import { createUserGroup } from './operations/create-user-group.js';
import { updateUserGroup } from './operations/update-user-group.js';

const NO_REFERRER = { headers: { 'Referrer-Policy': 'no-referrer' } };

export function workflowRoutes(app: FastifyInstance, s: TServices): void {
  const a = workflowsApi;
  registerRoute(app, s, a.listWorkflows, (ctx) => listWorkflows(ctx));
  registerRoute(app, s, a.createWorkflow, (ctx, { body }) => createWorkflow(ctx, body));
  registerRoute(app, s, a.updateWorkflow, (ctx, { params, body }) => updateWorkflow(ctx, params.workflowId, body));
  registerRoute(app, s, a.deleteWorkflow, (ctx, { params }) => deleteWorkflow(ctx, params.workflowId));
  registerRoute(app, s, a.deleteUserGroup, (ctx, { params }) => deleteUserGroup(ctx, params.groupId));
  registerRoute(app, s, a.listApproverCandidates, (ctx) => listApproverCandidates(ctx));
  registerRoute(app, s, a.listUserGroups, (ctx) => listUserGroups(ctx));
  registerRoute(app, s, a.createUserGroup, (ctx, { body }) => createUserGroup(ctx, body));
  registerRoute(app, s, a.updateUserGroup, (ctx, { params, body }) => updateUserGroup(ctx, params.groupId, body));
  registerRoute(app, s, a.inspectApproval, (ctx, { body }) => inspectApproval(ctx, body.token), NO_REFERRER);
  registerRoute(app, s, a.decideByToken, (ctx, { body }) => decideByToken(ctx, body.token, body.decision, body.comment), NO_REFERRER);
  registerRoute(app, s, a.listMyApprovals, (ctx) => listMyApprovals(ctx));
  registerRoute(app, s, a.decideApproval, (ctx, { params, body }) => decideApproval(ctx, params.approvalId, body.decision, body.comment));
}

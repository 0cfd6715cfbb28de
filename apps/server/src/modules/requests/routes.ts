import type { FastifyInstance } from 'fastify';
import { requestsApi } from '@meridian/domain';
import { registerRoute } from '../../platform/http/route.js';
import type { TServices } from '../../platform/http/context.js';
import { getAnswers, getCustomAnswers, saveAnswers, saveCustomAnswers } from './operations/answers.js';
import * as types from './operations/request-types.js';
import * as ops from './operations/requests.js';
import * as tasks from './operations/tasks.js';
import { listRequests } from './queries/list-requests.js';

export function requestRoutes(app: FastifyInstance, s: TServices): void {
  const a = requestsApi;
  registerRoute(app, s, a.listRequestTypes, (ctx, { query }) => types.listRequestTypes(ctx, query));
  registerRoute(app, s, a.getRequestType, (ctx, { params }) => types.getRequestType(ctx, params.requestTypeId));
  registerRoute(app, s, a.createRequestType, (ctx, { body }) => types.createRequestType(ctx, body));
  registerRoute(app, s, a.updateRequestType, (ctx, { params, body }) => types.updateRequestType(ctx, params.requestTypeId, body));
  registerRoute(app, s, a.listStartableTypes, (ctx) => types.listStartableTypes(ctx));
  registerRoute(app, s, a.listAdvisors, (ctx) => types.listAdvisors(ctx));
  registerRoute(app, s, a.listMyRequests, (ctx) => ops.listMyRequests(ctx));
  registerRoute(app, s, a.listRequests, (ctx, { query }) => listRequests(ctx, query));
  registerRoute(app, s, a.massApprove, (ctx, { body }) => ops.massApprove(ctx, body.requestIds));
  registerRoute(app, s, a.createRequest, (ctx, { body }) => ops.createRequest(ctx, body));
  registerRoute(app, s, a.getRequest, (ctx, { params }) => ops.getRequest(ctx, params.requestId));
  registerRoute(app, s, a.updateRequest, (ctx, { params, body }) => ops.updateRequest(ctx, params.requestId, body));
  registerRoute(app, s, a.getRequestAnswers, async (ctx, { params }) => getAnswers(ctx, params.requestId, params.questionnaireId));
  registerRoute(app, s, a.saveRequestAnswers, async (ctx, { params, body }) =>
    saveAnswers(ctx, params.requestId, params.questionnaireId, body.answers),
  );
  registerRoute(app, s, a.getRequestCustomQuestions, async (ctx, { params }) => getCustomAnswers(ctx, params.requestId));
  registerRoute(app, s, a.saveRequestCustomQuestions, async (ctx, { params, body }) =>
    saveCustomAnswers(ctx, params.requestId, body.answers),
  );
  registerRoute(app, s, a.submitRequest, (ctx, { params }) => ops.submitRequest(ctx, params.requestId));
  registerRoute(app, s, a.cancelRequest, (ctx, { params }) => ops.cancelRequest(ctx, params.requestId));
  registerRoute(app, s, a.transitionRequest, (ctx, { params, body }) =>
    ops.transitionRequest(ctx, params.requestId, body.action, body.message),
  );
  registerRoute(app, s, a.resendApprovalLinks, (ctx, { params }) => ops.resendApprovalLinks(ctx, params.requestId));
  registerRoute(app, s, a.listAssignees, (ctx, { params }) => ops.listAssignees(ctx, params.requestId));
  registerRoute(app, s, a.assignRequest, (ctx, { params, body }) => ops.assignRequest(ctx, params.requestId, body.userId));
  registerRoute(app, s, a.setReviewStatus, (ctx, { params, body }) => ops.setReviewStatus(ctx, params.requestId, body.reviewStatus));
  registerRoute(app, s, a.listTasks, (ctx, { params }) => tasks.listTasks(ctx, params.requestId));
  registerRoute(app, s, a.createTask, (ctx, { params, body }) => tasks.createTask(ctx, params.requestId, body));
  registerRoute(app, s, a.updateTask, (ctx, { params, body }) => tasks.updateTask(ctx, params.requestId, params.taskId, body));
  registerRoute(app, s, a.deleteTask, (ctx, { params }) => tasks.deleteTask(ctx, params.requestId, params.taskId));
}

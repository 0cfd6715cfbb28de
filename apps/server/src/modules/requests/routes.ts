import type { FastifyInstance } from 'fastify';
import { requestsApi } from '@meridian/domain';
import { registerRoute } from '../../platform/http/route.js';
import type { TServices } from '../../platform/http/context.js';
import { getRequestAnswers } from './operations/get-request-answers.js';
import { getRequestCustomQuestions } from './operations/get-request-custom-questions.js';
import { saveRequestAnswers } from './operations/save-request-answers.js';
import { saveRequestCustomQuestions } from './operations/save-request-custom-questions.js';
import { listRequestTypes } from './operations/list-request-types.js';
import { getRequestType } from './operations/get-request-type.js';
import { createRequestType } from './operations/create-request-type.js';
import { updateRequestType } from './operations/update-request-type.js';
import { listStartableTypes } from './operations/list-startable-types.js';
import { listAdvisors } from './operations/list-advisors.js';
import { listMyRequests } from './operations/list-my-requests.js';
import { massApprove } from './operations/mass-approve.js';
import { createRequest } from './operations/create-request.js';
import { getRequest } from './operations/get-request.js';
import { updateRequest } from './operations/update-request.js';
import { submitRequest } from './operations/submit-request.js';
import { cancelRequest } from './operations/cancel-request.js';
import { transitionRequest } from './operations/transition-request.js';
import { resendApprovalLinks } from './operations/resend-approval-links.js';
import { listAssignees } from './operations/list-assignees.js';
import { assignRequest } from './operations/assign-request.js';
import { setReviewStatus } from './operations/set-review-status.js';
import { listTasks } from './operations/list-tasks.js';
import { createTask } from './operations/create-task.js';
import { updateTask } from './operations/update-task.js';
import { deleteTask } from './operations/delete-task.js';
import { listRequests } from './operations/list-requests.js';
import { listAssignmentRules } from './operations/list-assignment-rules.js';
import { createAssignmentRule } from './operations/create-assignment-rule.js';
import { updateAssignmentRule } from './operations/update-assignment-rule.js';
import { deleteAssignmentRule } from './operations/delete-assignment-rule.js';
import { reorderAssignmentRules } from './operations/reorder-assignment-rules.js';
import { listRuleAssignees } from './operations/list-rule-assignees.js';
import { reassignRequests } from './operations/reassign-requests.js';
import { getAssignmentReport } from './operations/get-assignment-report.js';
import {
  exportAssignmentReport,
  startExportAssignmentReport,
  type TExportAssignmentReportJob,
} from './operations/export-assignment-report.js';
import { registerJobKind } from '../../platform/jobs/runner.js';

export function requestRoutes(app: FastifyInstance, s: TServices): void {
  const a = requestsApi;
  registerRoute(app, s, a.listRequestTypes, (ctx, { query }) => listRequestTypes(ctx, query));
  registerRoute(app, s, a.getRequestType, (ctx, { params }) => getRequestType(ctx, params.requestTypeId));
  registerRoute(app, s, a.createRequestType, (ctx, { body }) => createRequestType(ctx, body));
  registerRoute(app, s, a.updateRequestType, (ctx, { params, body }) => updateRequestType(ctx, params.requestTypeId, body));
  registerRoute(app, s, a.listStartableTypes, (ctx) => listStartableTypes(ctx));
  registerRoute(app, s, a.listAdvisors, (ctx) => listAdvisors(ctx));
  registerRoute(app, s, a.listMyRequests, (ctx) => listMyRequests(ctx));
  registerRoute(app, s, a.listRequests, (ctx, { query }) => listRequests(ctx, query));
  registerRoute(app, s, a.massApprove, (ctx, { body }) => massApprove(ctx, body.requestIds));
  registerRoute(app, s, a.createRequest, (ctx, { body }) => createRequest(ctx, body));
  registerRoute(app, s, a.getRequest, (ctx, { params }) => getRequest(ctx, params.requestId));
  registerRoute(app, s, a.updateRequest, (ctx, { params, body }) => updateRequest(ctx, params.requestId, body));
  registerRoute(app, s, a.getRequestAnswers, async (ctx, { params }) => getRequestAnswers(ctx, params.requestId, params.questionnaireId));
  registerRoute(app, s, a.saveRequestAnswers, async (ctx, { params, body }) =>
    saveRequestAnswers(ctx, params.requestId, params.questionnaireId, body.answers),
  );
  registerRoute(app, s, a.getRequestCustomQuestions, async (ctx, { params }) => getRequestCustomQuestions(ctx, params.requestId));
  registerRoute(app, s, a.saveRequestCustomQuestions, async (ctx, { params, body }) =>
    saveRequestCustomQuestions(ctx, params.requestId, body.answers),
  );
  registerRoute(app, s, a.submitRequest, (ctx, { params }) => submitRequest(ctx, params.requestId));
  registerRoute(app, s, a.cancelRequest, (ctx, { params }) => cancelRequest(ctx, params.requestId));
  registerRoute(app, s, a.transitionRequest, (ctx, { params, body }) =>
    transitionRequest(ctx, params.requestId, body.action, body.message, body.overrideReason),
  );
  registerRoute(app, s, a.resendApprovalLinks, (ctx, { params }) => resendApprovalLinks(ctx, params.requestId));
  registerRoute(app, s, a.listAssignees, (ctx, { params }) => listAssignees(ctx, params.requestId));
  registerRoute(app, s, a.assignRequest, (ctx, { params, body }) => assignRequest(ctx, params.requestId, body.userId));
  registerRoute(app, s, a.setReviewStatus, (ctx, { params, body }) => setReviewStatus(ctx, params.requestId, body.reviewStatus));
  registerRoute(app, s, a.listTasks, (ctx, { params }) => listTasks(ctx, params.requestId));
  registerRoute(app, s, a.createTask, (ctx, { params, body }) => createTask(ctx, params.requestId, body));
  registerRoute(app, s, a.updateTask, (ctx, { params, body }) => updateTask(ctx, params.requestId, params.taskId, body));
  registerRoute(app, s, a.deleteTask, (ctx, { params }) => deleteTask(ctx, params.requestId, params.taskId));
  // Student Request Assignment (docs/product/requests.md#assignment-rules).
  registerRoute(app, s, a.listAssignmentRules, (ctx) => listAssignmentRules(ctx));
  registerRoute(app, s, a.createAssignmentRule, (ctx, { body }) => createAssignmentRule(ctx, body));
  registerRoute(app, s, a.updateAssignmentRule, (ctx, { params, body }) => updateAssignmentRule(ctx, params.ruleId, body));
  registerRoute(app, s, a.deleteAssignmentRule, (ctx, { params }) => deleteAssignmentRule(ctx, params.ruleId));
  registerRoute(app, s, a.reorderAssignmentRules, (ctx, { body }) => reorderAssignmentRules(ctx, body.ids));
  registerRoute(app, s, a.listRuleAssignees, (ctx, { query }) => listRuleAssignees(ctx, query.campusSiteId ?? null));
  registerRoute(app, s, a.reassignRequests, (ctx, { body }) => reassignRequests(ctx, body));
  registerRoute(app, s, a.getAssignmentReport, (ctx) => getAssignmentReport(ctx));
  registerJobKind<TExportAssignmentReportJob>({ kind: a.EXPORT_ASSIGNMENT_REPORT_JOB, run: exportAssignmentReport });
  registerRoute(app, s, a.exportAssignmentReport, (ctx) => startExportAssignmentReport(ctx), { startsJob: true });
}

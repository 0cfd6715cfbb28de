// What other modules may use of requests.
export {
  canAccessRequest,
  getAccessibleRequest,
  staffReaches,
  REQUESTER_EDITABLE,
  type TRequestRow,
  type TRequestAccess,
} from './request.policy.js';
export { requests, requestTypes, requestTasks } from './schema.js';
export { applyApprovalOutcome, officeRecipients, studentRuleContext, nextRequestNumber } from './operations/requests.js';
export { presentRequest } from './request.presenter.js';
export { updateRequestType } from './operations/request-types.js';
export { assertTransition } from './request.workflow.js';
export { listStaffStartableTypes, startRequestForStudent } from './operations/start-for-student.js';
export { onApprovalOutcome, type TApprovalOutcomeEvent, type TApprovalOutcomeHandler } from './approval-listeners.js';
export { requestRoutes } from './routes.js';

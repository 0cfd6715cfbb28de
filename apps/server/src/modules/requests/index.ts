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
export { registerStaffRequestGate } from './request.policy.js';
export { countRequestsQuery } from './queries/list-requests.query.js';
export { applyApprovalOutcome } from './operations/apply-approval-outcome.js';
export { officeRecipients } from './request-notices.js';
export { presentRequest, auditShape } from './request.presenter.js';
export { describeRequests } from './extensions.js';
export { updateRequestType } from './operations/update-request-type.js';
export { assertTransition } from './request.workflow.js';
export {
  registerRequestKind,
  registerRequesterFacts,
  registerSubmitCheck,
  provideApprovalChains,
  provideStudentRecordFacts,
  type TRequestKind,
  type TRequestDescription,
  type TRequesterFacts,
  type TApprovalOutcomeEvent,
  type TApprovalChains,
  type TApprovalRef,
  type TSubmitCheck,
  type TRequestTypeRow,
  type TStudentRecordFacts,
} from './extensions.js';
/*
 * What a module that owns a kind of request (scholars' sponsorship requests and program applications,
 * students' own requests) may do to its requests. The engine alone writes its table: owners move their
 * requests through these, so numbering, the state machine and the History Log stay the engine's.
 */
export { openRequest } from './operations/open-request.js';
export { stepOwnedRequest, canStep } from './operations/step-owned-request.js';
export { closeOwnedRequest } from './operations/close-owned-request.js';
export { updateOwnedRequestContent } from './operations/update-owned-request-content.js';
export { lockRequestForAnswers } from './operations/lock-request-for-answers.js';
export { setRequestSubject } from './operations/set-request-subject.js';
export { requestQuestionnaireIds } from './questionnaires.js';
export { requestRoutes } from './routes.js';
export { plugRequests } from './plug.js';

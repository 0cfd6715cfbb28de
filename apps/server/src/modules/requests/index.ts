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
export { applyApprovalOutcome, officeRecipients } from './operations/requests.js';
export { presentRequest, auditShape } from './request.presenter.js';
export { updateRequestType } from './operations/request-types.js';
export { assertTransition } from './request.workflow.js';
export {
  registerRequestKind,
  registerRequesterFacts,
  registerSubmitCheck,
  provideApprovalChains,
  type TRequestKind,
  type TRequesterFacts,
  type TApprovalOutcomeEvent,
  type TApprovalChains,
  type TApprovalRef,
  type TSubmitCheck,
  type TRequestTypeRow,
} from './extensions.js';
export {
  openRequest,
  stepOwnedRequest,
  canStep,
  closeOwnedRequest,
  updateOwnedRequestContent,
  setRequestSubject,
} from './operations/owned-requests.js';
export { requestQuestionnaireIds } from './questionnaires.js';
export { requestRoutes } from './routes.js';

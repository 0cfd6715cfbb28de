// What other modules may use of workflows.
export { startApprovalChain, cancelApprovalChain, resendApprovalLinks } from './operations/approvals.js';
export { approvals, approvalLinks, workflows, workflowSteps, userGroups, userGroupMembers } from './schema.js';
export {
  listDepartmentWorkflows,
  createDepartmentWorkflow,
  updateDepartmentWorkflow,
  listDepartmentApproverCandidates,
  findDepartmentWorkflow,
  SPONSORSHIP_EVENT,
} from './operations/department-workflows.js';
export { workflowRoutes } from './routes.js';

// What other modules may use of workflows.
export { plugWorkflows } from './plug.js';
export { startApprovalChain } from './operations/approvals.js';
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

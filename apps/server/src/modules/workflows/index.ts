// What other modules may use of workflows.
export { plugWorkflows } from './plug.js';
export { startApprovalChain } from './operations/start-approval-chain.js';
export { approvals, approvalLinks, workflows, workflowSteps, userGroups, userGroupMembers } from './schema.js';
export { listDeptWorkflows } from './operations/list-dept-workflows.js';
export { createDeptWorkflow } from './operations/create-dept-workflow.js';
export { updateDeptWorkflow } from './operations/update-dept-workflow.js';
export { listDeptApproverCandidates } from './operations/list-dept-approver-candidates.js';
export { findDepartmentWorkflow } from './operations/find-department-workflow.js';
export { SPONSORSHIP_EVENT } from './department-workflow-rules.js';
export { workflowRoutes } from './routes.js';

// What other features may use of workflows.
export { MyApprovalsPanel } from './components/my-approvals-panel';
export { StepOrderButtons, WorkflowDialogFrame, onWorkflowSaveError, useWorkflowSteps } from './components/workflow-dialog-parts';
export { useListWorkflows } from './api/list-workflows';
export { workflowsRoutes } from './routes';
export { approvalRoutes, approvalEntryRoutes } from './approval-routes';
export { hasStudentForm, RequestFormDataView } from './components/request-data-view';

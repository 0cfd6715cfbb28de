// What other features may use of workflows.
export { MyApprovalsPanel } from './components/my-approvals-panel';
export { StepOrderButtons, WorkflowDialogFrame, onWorkflowSaveError, useWorkflowSteps } from './components/workflow-dialog-parts';

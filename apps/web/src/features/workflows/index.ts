// What other features may use of workflows.
export { MyApprovalsPanel } from './components/my-approvals-panel';

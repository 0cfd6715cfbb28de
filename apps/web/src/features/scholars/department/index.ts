// The department portal: sponsorship cases, configurations and approval workflows; approvers see a sponsorship read-only.
export { departmentRoutes } from './routes';

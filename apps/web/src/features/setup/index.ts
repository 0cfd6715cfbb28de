export { setupStatusQuery, useGetSetupStatus } from './api/get-setup-status';
export { setupRoutes } from './routes';

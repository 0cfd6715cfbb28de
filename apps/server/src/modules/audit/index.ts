// What other modules may use of audit: the History Log page query and the events table to build conditions on.
export { auditPage } from './operations/audit-page.js';
export { auditEvents } from '../../platform/audit/schema.js';
export { auditRoutes } from './routes.js';

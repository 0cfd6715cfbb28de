// Scholars: one sub-feature per slice of the scholars contracts (packages/domain/src/contracts/scholars).
export { departmentRoutes } from './department';
export { scholarPortalRoutes } from './portal';
export { scholarOfficeRoutes } from './office';
export { loadScholarDashboardPage, scholarReportRoutes } from './reports';
export { scholarRequestRoutes } from './requests';
export { scholarHrUpdateRoutes } from './hr-updates';

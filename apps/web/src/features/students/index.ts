// Students: one sub-feature per slice of the students contracts (packages/domain/src/contracts/students).
export { intakeRoutes } from './intake';
export { activeImportRoutes } from './active-import';
export { listRoutes } from './list';
export { optRoutes, DeadlinesPanel } from './opt';
export { portalRoutes, portalConfigurationRoutes } from './portal';
export { recordsRoutes, myRecordRoutes } from './records';
export { officeRequestRoutes, RequestField, StudentRequestForm, studentRequestRoutes } from './requests';

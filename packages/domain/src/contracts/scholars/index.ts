// Scholars module contracts, one file per slice; the server registers them in modules/scholars/routes.ts.
export * from './department.js';
export * from './portal.js';
export * from './office.js';
export * from './reports.js';
export * from './requests.js';
export * from './hr-updates.js';
export * from './legacy-convert.js';

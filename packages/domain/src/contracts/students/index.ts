// Students module contracts, one file per slice; the server registers them in modules/students/routes.ts.
export * from './records.js';
export * from './tipp.js';
export * from './list.js';
export * from './requests.js';
export * from './portal.js';
export * from './intake.js';
export * from './opt.js';
export * from './tags.js';
export * from './active-import.js';

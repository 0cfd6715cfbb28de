// What other modules may use of sevis.
export { sevisSettings, sevisSenders, sevisBatches, sevisBatchRecords, sevisTransactionLogs, rtiImports, rtiImportRows } from './schema.js';
export { sevisRoutes } from './routes.js';
export { countSystemErrors } from './results/operations/list-system-errors.js';
export { sevisDailyJobs } from './daily-jobs.js';
export { plugSevis } from './plug.js';

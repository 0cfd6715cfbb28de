// SEVIS module contracts, one file per slice; the server registers them in modules/sevis/routes.ts.
export * from './settings.js';
export * from './batches.js';
export * from './results.js';
export * from './rti.js';

/**
 * Typed factories: each build<Thing>(t, overrides) inserts one consistent row (and what it needs)
 * through the ORM on the owner connection, with defaults, and returns the row. A renamed column
 * fails the type check here instead of a test at run time. They make only states the product can
 * reach; tests about how a state is reached go through the API instead.
 */
export * from './db.js';
export * from './people.js';
export * from './forms.js';
export * from './workflows.js';
export * from './requests.js';
export * from './student-requests.js';
export * from './students.js';
export * from './attachments.js';
export * from './scholars.js';
export * from './sevis.js';
export * from './auth.js';
export * from './notifications.js';
export * from './institutions.js';

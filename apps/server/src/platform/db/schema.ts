// Every table, for drizzle-kit and for the typed database handle.
export * from '../../modules/institutions/schema.js';
export * from '../../modules/people/schema.js';
export * from '../../modules/auth/schema.js';
export * from '../audit/schema.js';
export * from '../mail/schema.js';
export * from './secrets-schema.js';
export * from '../../modules/forms/schema.js';
export * from '../../modules/workflows/schema.js';
export * from '../../modules/requests/schema.js';
export * from '../../modules/attachments/schema.js';
export * from '../../modules/comments/schema.js';
export * from '../../modules/notifications/schema.js';
export * from '../../modules/students/schema.js';
export * from '../../modules/scholars/schema.js';
export * from '../../modules/sevis/schema.js';

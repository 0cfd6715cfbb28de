import type { FastifyInstance } from 'fastify';
import type { TDatabase } from './platform/db/database.js';
import type { TServices } from './platform/http/context.js';
import type { TDailyJob } from './platform/jobs/runner.js';
import { attachmentRoutes, plugAttachments } from './modules/attachments/index.js';
import { auditRoutes } from './modules/audit/index.js';
import { authDailyJobs, authRoutes, plugAuth } from './modules/auth/index.js';
import { commentRoutes } from './modules/comments/index.js';
import { contentRoutes } from './modules/content/index.js';
import { formsRoutes } from './modules/forms/index.js';
import { institutionRoutes } from './modules/institutions/index.js';
import { jobRoutes } from './modules/jobs/index.js';
import { letterRoutes } from './modules/letters/index.js';
import { lookupRoutes, seedLookupCatalogs } from './modules/lookups/index.js';
import { messageDailyJobs, messageRoutes } from './modules/messages/index.js';
import { notificationRoutes } from './modules/notifications/index.js';
import { peopleRoutes } from './modules/people/index.js';
import { plugRequests, requestRoutes } from './modules/requests/index.js';
import { plugScholars, scholarDailyJobs, scholarRoutes } from './modules/scholars/index.js';
import { setupRoutes } from './modules/setup/index.js';
import { plugSevis, sevisDailyJobs, sevisRoutes } from './modules/sevis/index.js';
import { plugStudents, studentDailyJobs, studentRoutes } from './modules/students/index.js';
import { plugWorkflows, workflowRoutes } from './modules/workflows/index.js';
import { workRoutes } from './modules/work/index.js';
import { identityLinkRoutes } from './modules/identity-links/index.js';

/**
 * The composition root of the server modules (docs/decisions/015-module-boundaries.md). A lower module never imports a
 * higher one; where it needs one (the case engine needs the owners of request kinds, people needs
 * sign-in), it offers an extension point and the higher module plugs into it here. Idempotent: the
 * tests build many apps in one process.
 */
export function composeModules(): void {
  plugAuth();
  plugRequests();
  plugWorkflows();
  plugAttachments();
  plugStudents();
  plugScholars();
  plugSevis();
}

/** Every module's routes, bottom layer first. */
export async function registerModuleRoutes(app: FastifyInstance, services: TServices): Promise<void> {
  setupRoutes(app, services);
  authRoutes(app, services);
  institutionRoutes(app, services);
  peopleRoutes(app, services);
  messageRoutes(app, services);
  auditRoutes(app, services);
  requestRoutes(app, services);
  workflowRoutes(app, services);
  await attachmentRoutes(app, services);
  commentRoutes(app, services);
  notificationRoutes(app, services);
  jobRoutes(app, services);
  formsRoutes(app, services);
  studentRoutes(app, services);
  scholarRoutes(app, services);
  sevisRoutes(app, services);
  letterRoutes(app, services);
  workRoutes(app, services);
  identityLinkRoutes(app, services);
  contentRoutes(app, services);
  lookupRoutes(app, services);
}

/**
 * Data the modules keep in step with the code at every start, for every institution: the office's code lists
 * brought up to the seed catalog (docs/product/lookups.md#where-the-values-come-from).
 */
export async function prepareModuleData(database: TDatabase): Promise<void> {
  await seedLookupCatalogs(database);
}

/**
 * Daily work, once a day across all servers (platform/jobs/runner.ts): OPT unemployment alerts and STEM report rows,
 * scholar end-date alerts, uploads never imported losing their rows (personal data) after a fortnight,
 * and the nightly SEVIS batches.
 */
export function moduleDailyJobs(services: TServices): TDailyJob[] {
  return [
    ...authDailyJobs(services),
    ...studentDailyJobs(services),
    ...scholarDailyJobs(services),
    ...sevisDailyJobs(services),
    ...messageDailyJobs(services),
  ];
}

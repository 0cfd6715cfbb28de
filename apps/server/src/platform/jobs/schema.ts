import { index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { institutions } from '../tenancy/schema.js';

/**
 * Long work a user started (an import, a batch build, an export, a combined PDF), followed by the
 * browser. pg-boss holds the queue (its job has the same id); this row holds what a user may see of it:
 * progress, the result or the error, the file produced. Row-level security scopes it to the institution.
 */
export const backgroundJobs = pgTable(
  'background_jobs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    institutionId: uuid('institution_id')
      .notNull()
      .references(() => institutions.id),
    kind: text('kind').notNull(),
    /** The user who started it; only they read it. */
    requestedBy: uuid('requested_by').notNull(),
    /** Who the work acts as (the requester's role and permissions when it was started). */
    actor: jsonb('actor').notNull(),
    /** The job's own input: ids and options, never a file's contents (those are in file storage). */
    input: jsonb('input').notNull(),
    /** queued, running, completed, failed */
    status: text('status').notNull().default('queued'),
    phase: text('phase').notNull().default(''),
    done: integer('done').notNull().default(0),
    total: integer('total'),
    attempts: integer('attempts').notNull().default(0),
    result: jsonb('result'),
    error: jsonb('error'),
    fileKey: text('file_key'),
    fileName: text('file_name'),
    fileType: text('file_type'),
    /** Written every few seconds by the server running it; a stale one means that server died. */
    heartbeatAt: timestamp('heartbeat_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    index('background_jobs_requester_idx').on(t.institutionId, t.requestedBy, t.createdAt),
    index('background_jobs_running_idx').on(t.status, t.heartbeatAt),
  ],
);

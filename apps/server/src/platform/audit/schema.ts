import { bigserial, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { institutions } from '../tenancy/schema.js';

/** Append-only: the application role may insert and read, never update or delete. */
export const auditEvents = pgTable(
  'audit_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    institutionId: uuid('institution_id')
      .notNull()
      .references(() => institutions.id),
    actorUserId: uuid('actor_user_id'),
    entityType: text('entity_type').notNull(),
    entityId: text('entity_id').notNull(),
    action: text('action').notNull(),
    before: jsonb('before'),
    after: jsonb('after'),
    ip: text('ip'),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('audit_entity_idx').on(t.institutionId, t.entityType, t.entityId, t.at),
    // The office's Logs, newest first (docs/product/logs.md).
    index('audit_events_logs_idx').on(t.institutionId, t.at.desc(), t.id.desc()),
  ],
);

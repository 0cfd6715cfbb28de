import { sql } from 'drizzle-orm';
import type { TTx } from '../db/database.js';
import { auditEvents } from './schema.js';

export interface TAuditInput {
  institutionId: string;
  actorUserId: string | null;
  entityType: string;
  entityId: string;
  action: string;
  before?: unknown;
  after?: unknown;
  ip?: string | null | undefined;
}

/** Writes one audit event in the caller's transaction, so the change and its record stand or fall together. */
export async function writeAudit(tx: TTx, e: TAuditInput): Promise<void> {
  await tx.insert(auditEvents).values({
    institutionId: e.institutionId,
    actorUserId: e.actorUserId,
    entityType: e.entityType,
    entityId: e.entityId,
    action: e.action,
    before: e.before ?? null,
    after: e.after ?? null,
    ip: e.ip ?? null,
  });
}

/**
 * Writes many audit events in one statement (imports of thousands of records): the rows travel as one
 * JSON parameter that PostgreSQL spreads into rows, instead of one bound parameter per cell.
 */
export async function writeAuditMany(tx: TTx, events: TAuditInput[]): Promise<void> {
  if (!events.length) return;
  const rows = JSON.stringify(
    events.map((e) => ({
      institution_id: e.institutionId,
      actor_user_id: e.actorUserId,
      entity_type: e.entityType,
      entity_id: e.entityId,
      action: e.action,
      before: e.before ?? null,
      after: e.after ?? null,
      ip: e.ip ?? null,
    })),
  );
  await tx.execute(sql`
    insert into audit_events (institution_id, actor_user_id, entity_type, entity_id, action, before, after, ip)
    select x.institution_id, x.actor_user_id, x.entity_type, x.entity_id, x.action, x.before, x.after, x.ip
    from jsonb_to_recordset(${rows}::jsonb)
      as x(institution_id uuid, actor_user_id uuid, entity_type text, entity_id text, action text, before jsonb, after jsonb, ip text)`);
}

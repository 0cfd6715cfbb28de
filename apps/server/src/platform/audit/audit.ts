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

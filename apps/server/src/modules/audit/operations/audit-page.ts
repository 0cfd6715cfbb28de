import { count, desc, eq, type SQL } from 'drizzle-orm';
import type { TAuditEvent } from '@meridian/domain';
import { auditEvents } from '../../../platform/audit/schema.js';
import type { TTx } from '../../../platform/db/database.js';
import { users } from '../../people/index.js';

/**
 * One page of audit events matching a condition, newest first, with the actor's name: the reading
 * side of every History Log (a module builds its own condition, e.g. a student record and its requests).
 */
export async function auditPage(
  tx: TTx,
  where: SQL,
  page: number,
  pageSize: number,
): Promise<{ items: TAuditEvent[]; total: number; page: number; pageSize: number }> {
  const [{ total }] = (await tx.select({ total: count() }).from(auditEvents).where(where)) as [{ total: number }];
  const rows = await tx
    .select({ e: auditEvents, firstName: users.firstName, lastName: users.lastName })
    .from(auditEvents)
    .leftJoin(users, eq(users.id, auditEvents.actorUserId))
    .where(where)
    .orderBy(desc(auditEvents.at), desc(auditEvents.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  const items: TAuditEvent[] = rows.map(({ e, firstName, lastName }) => ({
    id: String(e.id),
    at: e.at.toISOString(),
    actorName: firstName ? `${firstName} ${lastName}` : null,
    action: e.action,
    entityType: e.entityType,
    entityId: e.entityId,
    before: e.before ?? null,
    after: e.after ?? null,
  }));
  return { items, total: Number(total), page, pageSize };
}

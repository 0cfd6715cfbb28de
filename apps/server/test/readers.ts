import { and, asc, eq, type SQL } from 'drizzle-orm';
import { requests } from '../src/modules/requests/schema.js';
import { auditEvents } from '../src/platform/audit/schema.js';
import type { TTestApp } from './app.js';

/**
 * Typed reads behind the API's back, for assertions about what it wrote (the audit trail, a
 * request's stored state). Reading as the owner sees every institution's rows, as an auditor would.
 */

export type TAuditEventRow = typeof auditEvents.$inferSelect;

/** The audit events of one entity, oldest first; narrowed to an entity type or an action when told. */
export async function auditEventsOf(
  t: TTestApp,
  entityId: string,
  o: { entityType?: string | undefined; action?: string | undefined } = {},
): Promise<TAuditEventRow[]> {
  const where: SQL[] = [eq(auditEvents.entityId, entityId)];
  if (o.entityType) where.push(eq(auditEvents.entityType, o.entityType));
  if (o.action) where.push(eq(auditEvents.action, o.action));
  return t.database.owner
    .select()
    .from(auditEvents)
    .where(and(...where))
    .orderBy(asc(auditEvents.id));
}

/** The actions of one entity's audit events, oldest first. */
export const auditActionsOf = async (t: TTestApp, entityId: string, o: { entityType?: string | undefined } = {}) =>
  (await auditEventsOf(t, entityId, o)).map((e) => e.action);

/** A request's lifecycle as stored: status, lock, review status and message. */
export async function requestStateOf(
  t: TTestApp,
  requestId: string,
): Promise<Pick<typeof requests.$inferSelect, 'status' | 'isLocked' | 'reviewStatus' | 'statusMessage'>> {
  const [row] = await t.database.owner
    .select({
      status: requests.status,
      isLocked: requests.isLocked,
      reviewStatus: requests.reviewStatus,
      statusMessage: requests.statusMessage,
    })
    .from(requests)
    .where(eq(requests.id, requestId));
  if (!row) throw new Error(`no request ${requestId}`);
  return row;
}

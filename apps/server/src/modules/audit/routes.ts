import type { FastifyInstance } from 'fastify';
import { and, count, desc, eq } from 'drizzle-orm';
import { z } from 'zod';
import { auditApi, can, type TAuditEvent } from '@meridian/domain';
import { forbidden, notFound } from '../../platform/errors/app-error.js';
import { getAccessibleRequest } from '../requests/index.js';
import { auditEvents } from '../../platform/audit/schema.js';
import { registerRoute } from '../../platform/http/route.js';
import type { TContext, TServices } from '../../platform/http/context.js';
import { users } from '../people/schema.js';

/** History Log of one record: what changed, who did it and when, newest first. */
export async function getHistory(ctx: TContext, entityType: string, entityId: string, page: number, pageSize: number) {
  return ctx.db(async (tx) => {
    const where = and(eq(auditEvents.entityType, entityType), eq(auditEvents.entityId, entityId));
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
      id: String(e.id), at: e.at.toISOString(), actorName: firstName ? `${firstName} ${lastName}` : null,
      action: e.action, entityType: e.entityType, entityId: e.entityId, before: e.before, after: e.after,
    }));
    return { items, total: Number(total), page, pageSize };
  });
}

/**
 * The record check of a History Log: users and institutions need audit.history.read; a request's
 * history is open to whoever may read the request (404 otherwise, as for the request itself).
 */
async function assertMayReadHistory(ctx: TContext, entityType: string, entityId: string): Promise<void> {
  if (entityType === 'request') {
    if (!z.uuid().safeParse(entityId).success) throw notFound();
    await ctx.db((tx) => getAccessibleRequest(tx, ctx, entityId, 'read'));
    return;
  }
  if (!can(ctx.actor, 'audit.history.read')) throw forbidden();
}

export function auditRoutes(app: FastifyInstance, s: TServices): void {
  registerRoute(app, s, auditApi.getHistory, async (ctx, { params, query }) => {
    await assertMayReadHistory(ctx, params.entityType, params.entityId);
    return getHistory(ctx, params.entityType, params.entityId, query.page, query.pageSize);
  });
}

import { and, count, desc, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { can, reachesPersonSites, type TAuditEvent } from '@meridian/domain';
import { forbidden, notFound } from '../../../platform/errors/app-error.js';
import { getAccessibleRequest } from '../../requests/index.js';
import { auditEvents } from '../../../platform/audit/schema.js';
import type { TContext } from '../../../platform/http/context.js';
import { personSites, users } from '../../people/index.js';
import { attachments } from '../../attachments/index.js';
import { requestView, type TAttachmentView } from '../../attachments/index.js';
import { comments } from '../../comments/index.js';
import { requireActor } from '../../../platform/http/context.js';

/** What of a file event a requester or department user may read: the file's name, status and reason, nothing internal. */
const FILE_FIELDS = ['fileName', 'status', 'rejectReason', 'isVisibleToRequester', 'isVisibleToDepartment'] as const;
const COMMENT_FIELDS = ['body', 'isInternal', 'deleted'] as const;

function pick(v: unknown, keys: readonly string[]): Record<string, unknown> | null {
  if (!v || typeof v !== 'object') return null;
  const o = v as Record<string, unknown>;
  return Object.fromEntries(keys.filter((k) => k in o).map((k) => [k, o[k]]));
}

/**
 * Which audit rows make up a request's History Log for this viewer (decision 007): the request's own
 * events, plus the events of its files and comments, filtered by what the viewer may see now:
 * staff who process the request see every file and internal notes; the requester/subject only
 * files visible to the requester, the department only files visible to the department, and both
 * only non-internal comments.
 */
function requestHistoryWhere(requestId: string, view: TAttachmentView): SQL {
  const fileVisible =
    view === 'all'
      ? undefined
      : view === 'requester'
        ? eq(attachments.isVisibleToRequester, true)
        : eq(attachments.isVisibleToDepartment, true);
  const commentVisible = view === 'all' ? undefined : eq(comments.isInternal, false);
  return or(
    and(eq(auditEvents.entityType, 'request'), eq(auditEvents.entityId, requestId)),
    and(
      eq(auditEvents.entityType, 'attachment'),
      inArray(
        auditEvents.entityId,
        sql`(select ${attachments.id}::text from ${attachments} where ${and(eq(attachments.requestId, requestId), fileVisible)})`,
      ),
    ),
    and(
      eq(auditEvents.entityType, 'comment'),
      inArray(
        auditEvents.entityId,
        sql`(select ${comments.id}::text from ${comments} where ${and(eq(comments.subjectType, 'request'), eq(comments.subjectId, requestId), commentVisible)})`,
      ),
    ),
  )!;
}

/** History Log of one record the caller may read: what changed, who did it and when, newest first. */
export async function getHistory(ctx: TContext, entityType: string, entityId: string, page: number, pageSize: number) {
  const view = await assertMayReadHistory(ctx, entityType, entityId);
  return readHistory(ctx, entityType, entityId, page, pageSize, view);
}

/** The events of one record; a request's files and comments are cut to what the view may see. */
async function readHistory(ctx: TContext, entityType: string, entityId: string, page: number, pageSize: number, view?: TAttachmentView) {
  return ctx.db(async (tx) => {
    const where =
      entityType === 'request' && view
        ? requestHistoryWhere(entityId, view)
        : and(eq(auditEvents.entityType, entityType), eq(auditEvents.entityId, entityId));
    const slim = (type: string, v: unknown) =>
      view === 'all' || !view || type === 'request' ? v : pick(v, type === 'attachment' ? FILE_FIELDS : COMMENT_FIELDS);
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
      before: slim(e.entityType, e.before),
      after: slim(e.entityType, e.after),
    }));
    return { items, total: Number(total), page, pageSize };
  });
}

/**
 * The record check of a History Log: users and institutions need audit.history.read; a request's
 * history is open to whoever may read the request (404 otherwise, as for the request itself). A
 * user's History Log (their sign-ins, the addresses they came from, changes to their account) is
 * staff data of the campus sites the user belongs to: an officer reads it only for a user of one of
 * their sites or of no site (docs/product/audit.md#who-reads-which-history-log); 404 otherwise, so
 * an officer cannot tell a user of another site from no user at all.
 */
async function assertMayReadHistory(ctx: TContext, entityType: string, entityId: string): Promise<TAttachmentView | undefined> {
  if (entityType === 'request') {
    if (!z.uuid().safeParse(entityId).success) throw notFound();
    const request = await ctx.db((tx) => getAccessibleRequest(tx, ctx, entityId, 'read'));
    return requestView(requireActor(ctx), request);
  }
  if (!can(ctx.actor, 'audit.history.read')) throw forbidden();
  const actor = requireActor(ctx);
  if (entityType === 'user' && !actor.staff?.isSuper) {
    if (!z.uuid().safeParse(entityId).success) throw notFound();
    const sites = await ctx.db((tx) => personSites(tx, entityId));
    if (!sites || !reachesPersonSites(actor.staff, sites)) throw notFound();
  }
  return undefined;
}

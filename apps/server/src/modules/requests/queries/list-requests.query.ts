import { and, eq, gte, inArray, isNotNull, isNull, lt, notInArray, or, sql, type SQL } from 'drizzle-orm';
import type { PgSelect } from 'drizzle-orm/pg-core';
import { canActOnSite, scholarAreaAllows, type requestsApi } from '@meridian/domain';
import type { z } from 'zod';
import type { TTx } from '../../../platform/db/database.js';
import { countUpTo, keyColumns, seekPage, type TSeekOrder } from '../../../platform/db/keyset.js';
import type { TAuthenticatedActor } from '../../../platform/http/context.js';
import { campusSites } from '../../people/schema.js';
import { kindOf } from '../extensions.js';
import { requests, requestTypes } from '../schema.js';

type TQuery = z.output<typeof requestsApi.ZListRequestsQuery>;

/**
 * The same reach as staffReaches() (request.policy.ts), written as SQL: the campus sites the actor
 * processes requests for, plus site-less requests for officers. A test holds the two equal.
 */
export async function reachCondition(tx: TTx, actor: TAuthenticatedActor): Promise<SQL | undefined> {
  const p = actor.staff;
  if (!p) return sql`false`;
  if (p.isSuper) return undefined;
  return and(await siteCondition(tx, p), scholarAreaCondition(p));
}

/**
 * scholarAreaReaches() (request.policy.ts) as SQL: requests about no student record are the scholar area's,
 * listed to those who see that area, of their departments when the office limited them.
 */
function scholarAreaCondition(p: NonNullable<TAuthenticatedActor['staff']>): SQL | undefined {
  if (!scholarAreaAllows(p, 'view')) return isNotNull(requests.profileId);
  const { departmentIds } = p.scholarArea;
  if (departmentIds.length === 0) return undefined;
  return or(isNotNull(requests.profileId), inArray(requests.departmentId, departmentIds));
}

async function siteCondition(tx: TTx, p: NonNullable<TAuthenticatedActor['staff']>): Promise<SQL | undefined> {
  const sites = (await tx.select({ id: campusSites.id }).from(campusSites))
    .map((s) => s.id)
    .filter((id) => canActOnSite(p, id, 'processRequests'));
  const parts: SQL[] = [];
  if (sites.length) parts.push(inArray(requests.campusSiteId, sites));
  if (p.isOfficer) parts.push(isNull(requests.campusSiteId));
  return parts.length ? or(...parts) : sql`false`;
}

export interface TListRow {
  r: typeof requests.$inferSelect;
  code: string;
  name: string;
}

/**
 * The area's condition (docs/decisions/032-lists-say-who-and-one-status-vocabulary.md): the Student
 * Request List holds requests about a student record; the scholar area's the others, less the types a
 * module works on pages of its own (the scholar cases, on the Scholar Dashboard).
 */
async function areaCondition(tx: TTx, area: TQuery['area']): Promise<SQL | undefined> {
  if (area === 'student') return isNotNull(requests.profileId);
  if (area !== 'scholar') return undefined;
  const elsewhere = (await tx.select({ id: requestTypes.id, code: requestTypes.code }).from(requestTypes))
    .filter((t) => !!kindOf(t.code)?.movedElsewhere?.(t.code))
    .map((t) => t.id);
  return and(isNull(requests.profileId), elsewhere.length ? notInArray(requests.requestTypeId, elsewhere) : undefined);
}

/** The filter of the staff request list (scope and area included) as SQL. */
async function listCondition(
  tx: TTx,
  actor: TAuthenticatedActor,
  q: Omit<TQuery, 'sort' | 'order' | 'page' | 'pageSize' | 'after' | 'before'>,
): Promise<SQL | undefined> {
  const where: (SQL | undefined)[] = [await reachCondition(tx, actor), await areaCondition(tx, q.area)];
  if (q.status.length) where.push(inArray(requests.status, q.status));
  if (q.type) where.push(eq(requestTypes.code, q.type));
  if (q.assigned === 'me') where.push(eq(requests.assignedToUserId, actor.userId));
  if (q.assigned === 'unassigned') where.push(isNull(requests.assignedToUserId));
  if (q.reviewStatus !== undefined) where.push(eq(requests.reviewStatus, q.reviewStatus));
  if (q.from) where.push(gte(requests.submittedAt, sql`${q.from}::date`));
  if (q.to) where.push(lt(requests.submittedAt, sql`${q.to}::date + 1`));
  if (q.q) {
    const term = q.q.replace(/^#/, '');
    const like = `%${term.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    // The requester's name or e-mail, found through the people's trigram index (user_search_ids keeps
    // to the caller's institution and checks e-mail, "first last" and "last, first" exactly); their
    // requests through the requester index. A number may also be a request number.
    const people = sql`${requests.requesterUserId} = any(array(select user_search_ids(${like})))`;
    where.push(/^\d{1,9}$/.test(term) ? or(eq(requests.number, Number(term)), people)! : people);
  }
  return and(...where);
}

/**
 * How many requests the staff request list shows the actor for these filters (the same scope, area and
 * filter as the list, counted to the list's cap): the counts on My work, each of which opens that list.
 */
export async function countRequestsQuery(
  tx: TTx,
  actor: TAuthenticatedActor,
  q: Partial<Omit<TQuery, 'sort' | 'order' | 'page' | 'pageSize' | 'after' | 'before'>>,
): Promise<{ total: number; totalCapped: boolean }> {
  const cond = await listCondition(tx, actor, { ...q, status: q.status ?? [], assigned: q.assigned ?? 'anyone' });
  let matches: PgSelect = tx
    .select({ one: sql`1` })
    .from(requests)
    .$dynamic();
  if (q.type) matches = matches.innerJoin(requestTypes, eq(requestTypes.id, requests.requestTypeId));
  return countUpTo(tx, matches.where(cond));
}

/** Staff request list: scoped, filtered, sorted and paged in the database. */
export async function listRequestsQuery(
  tx: TTx,
  actor: TAuthenticatedActor,
  q: TQuery,
): Promise<{ rows: TListRow[]; total: number; totalCapped: boolean; next: string | null; prev: string | null }> {
  const cond = await listCondition(tx, actor, q);
  const num = { expr: requests.number, kind: 'int' } as const;
  const orders: Record<TQuery['sort'], TSeekOrder> = {
    number: { keys: [num], order: q.order },
    type: { keys: [{ expr: requestTypes.name, kind: 'text' }, num], order: q.order },
    // The request's copies of its requester's names (kept by triggers): one index walk, no join.
    requester: {
      keys: [{ expr: requests.requesterLastName, kind: 'text' }, { expr: requests.requesterFirstName, kind: 'text' }, num],
      order: q.order,
    },
    status: { keys: [{ expr: requests.status, kind: 'text' }, num], order: q.order },
    // Never-submitted requests (drafts) come last whichever way the dates run.
    submittedAt: { keys: [{ expr: requests.submittedAt, kind: 'timestamptz', nullable: true }, num], order: q.order, nulls: 'last' },
    updatedAt: { keys: [{ expr: requests.updatedAt, kind: 'timestamptz' }, num], order: q.order },
  };
  const order = orders[q.sort];
  // Only the join the filter or the sort needs: every request has its type (a foreign key), so leaving
  // the join out changes no count, and the count and the page walk stay narrow.
  const needsType = !!q.type || q.sort === 'type';
  const narrow = <T extends PgSelect>(query: T, extra?: SQL): T => {
    // A partial select: a join adds no column to the answer, only to what the filter may name.
    let out: PgSelect = query;
    if (needsType) out = out.innerJoin(requestTypes, eq(requestTypes.id, requests.requestTypeId));
    return out.where(and(cond, extra)) as T;
  };
  const counted = await countUpTo(
    tx,
    narrow(
      tx
        .select({ one: sql`1` })
        .from(requests)
        .$dynamic(),
    ),
  );
  // The page in two steps: which requests, by walking the narrow rows (ids and sort keys, not whole
  // requests with their people), then those 25 in full. After or before a cursor the walk starts
  // there (keyset); a page number alone skips rows, as a link to page 3 needs.
  const walk = (extra: SQL | undefined, orderBy: SQL[], limit: number, offset = 0) =>
    narrow(
      tx
        .select({ id: requests.id, ...keyColumns(order) })
        .from(requests)
        .$dynamic(),
      extra,
    )
      .orderBy(...orderBy)
      .limit(limit)
      .offset(offset);
  const seek = await seekPage(order, { after: q.after, before: q.before, offset: (q.page - 1) * q.pageSize }, q.pageSize, walk);
  const page = seek.rows;
  const paging = { ...counted, next: seek.next, prev: seek.prev };
  if (!page.length) return { rows: [], ...paging };
  const full: TListRow[] = await tx
    .select({ r: requests, code: requestTypes.code, name: requestTypes.name })
    .from(requests)
    .innerJoin(requestTypes, eq(requestTypes.id, requests.requestTypeId))
    .where(
      inArray(
        requests.id,
        page.map((p) => p.id),
      ),
    );
  const at = new Map(page.map((p, i) => [p.id, i]));
  const rows = full.sort((a, b) => at.get(a.r.id)! - at.get(b.r.id)!);
  return { rows, ...paging };
}

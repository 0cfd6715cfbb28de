import { aliasedTable, and, asc, count, desc, eq, gte, ilike, inArray, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import type { PgSelect } from 'drizzle-orm/pg-core';
import { canActOnSite, type requestsApi } from '@meridian/domain';
import type { z } from 'zod';
import type { TTx } from '../../../platform/db/database.js';
import type { TAuthenticatedActor } from '../../../platform/http/context.js';
import { campusSites, users } from '../../people/schema.js';
import { requests, requestTypes } from '../schema.js';

type TQuery = z.output<typeof requestsApi.ZListRequestsQuery>;

/**
 * The same reach as staffReaches() (request.policy.ts), written as SQL: the campus sites the actor
 * processes requests for, plus site-less requests for officers. A test holds the two equal.
 */
async function reachCondition(tx: TTx, actor: TAuthenticatedActor): Promise<SQL | undefined> {
  const p = actor.staff;
  if (!p) return sql`false`;
  if (p.isSuper) return undefined;
  const sites = (await tx.select({ id: campusSites.id }).from(campusSites))
    .map((s) => s.id)
    .filter((id) => canActOnSite(p, id, 'processRequests'));
  const parts: SQL[] = [];
  if (sites.length) parts.push(inArray(requests.campusSiteId, sites));
  if (p.isOfficer) parts.push(isNull(requests.campusSiteId));
  return parts.length ? or(...parts) : sql`false`;
}

const requester = aliasedTable(users, 'requester');
const assignee = aliasedTable(users, 'assignee');

export interface TListRow {
  r: typeof requests.$inferSelect;
  code: string;
  name: string;
  rFirst: string;
  rLast: string;
  rEmail: string;
  aFirst: string | null;
  aLast: string | null;
  aEmail: string | null;
}

/** Staff request list: scoped, filtered, sorted and paged in the database. */
export async function listRequestsQuery(tx: TTx, actor: TAuthenticatedActor, q: TQuery): Promise<{ rows: TListRow[]; total: number }> {
  const where: (SQL | undefined)[] = [await reachCondition(tx, actor)];
  let byRequesterName = false;
  if (q.status.length) where.push(inArray(requests.status, q.status));
  if (q.type) where.push(eq(requestTypes.code, q.type));
  if (q.assigned === 'me') where.push(eq(requests.assignedToUserId, actor.userId));
  if (q.assigned === 'unassigned') where.push(isNull(requests.assignedToUserId));
  if (q.reviewStatus !== undefined) where.push(eq(requests.reviewStatus, q.reviewStatus));
  if (q.from) where.push(gte(requests.submittedAt, sql`${q.from}::date`));
  if (q.to) where.push(lt(requests.submittedAt, sql`${q.to}::date + 1`));
  if (q.q) {
    const term = q.q.replace(/^#/, '');
    const like = `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    const named = (u: typeof users) =>
      or(
        ilike(u.email, like),
        ilike(sql`${u.firstName} || ' ' || ${u.lastName}`, like),
        ilike(sql`${u.lastName} || ', ' || ${u.firstName}`, like),
      )!;
    // A number is a request number or part of a name or e-mail. As one OR across the join that would test
    // every request of the office (300 ms at 60 000); with the people matched first, two index scans.
    const numeric = /^\d{1,9}$/.test(term);
    byRequesterName = !numeric;
    where.push(
      numeric
        ? or(
            eq(requests.number, Number(term)),
            sql`${requests.requesterUserId} = any(array(${tx.select({ id: users.id }).from(users).where(named(users))}))`,
          )!
        : named(requester),
    );
  }
  const dir = q.order === 'desc' ? desc : asc;
  const sorts: Record<TQuery['sort'], SQL[]> = {
    number: [dir(requests.number)],
    type: [dir(requestTypes.name)],
    requester: [dir(requester.lastName), dir(requester.firstName)],
    status: [dir(requests.status)],
    submittedAt: [sql`${requests.submittedAt} ${sql.raw(q.order)} nulls last`],
    updatedAt: [dir(requests.updatedAt)],
  };
  const cond = and(...where);
  // Only the joins the filter or the sort needs: every request has its type and requester (foreign
  // keys), so leaving a join out changes no count, and the count and the page walk stay narrow.
  const needsType = !!q.type || q.sort === 'type';
  const needsRequester = byRequesterName || q.sort === 'requester';
  const narrow = <T extends PgSelect>(query: T): T => {
    // A partial select: a join adds no column to the answer, only to what the filter may name.
    let out: PgSelect = query;
    if (needsType) out = out.innerJoin(requestTypes, eq(requestTypes.id, requests.requestTypeId));
    if (needsRequester) out = out.innerJoin(requester, eq(requester.id, requests.requesterUserId));
    return out.where(cond) as T;
  };
  const [{ total }] = (await narrow(tx.select({ total: count() }).from(requests).$dynamic())) as [{ total: number }];
  // The page in two steps: which requests, by walking the narrow rows (on a deep page the sort and the
  // skipped rows are ids and sort keys, not whole requests with their people), then those 25 in full.
  const page: { id: string }[] = await narrow(tx.select({ id: requests.id }).from(requests).$dynamic())
    .orderBy(...sorts[q.sort], desc(requests.number))
    .limit(q.pageSize)
    .offset((q.page - 1) * q.pageSize);
  if (!page.length) return { rows: [], total: Number(total) };
  const full: TListRow[] = await tx
    .select({
      r: requests,
      code: requestTypes.code,
      name: requestTypes.name,
      rFirst: requester.firstName,
      rLast: requester.lastName,
      rEmail: requester.email,
      aFirst: assignee.firstName,
      aLast: assignee.lastName,
      aEmail: assignee.email,
    })
    .from(requests)
    .innerJoin(requestTypes, eq(requestTypes.id, requests.requestTypeId))
    .innerJoin(requester, eq(requester.id, requests.requesterUserId))
    .leftJoin(assignee, eq(assignee.id, requests.assignedToUserId))
    .where(
      inArray(
        requests.id,
        page.map((p) => p.id),
      ),
    );
  const at = new Map(page.map((p, i) => [p.id, i]));
  const rows = full.sort((a, b) => at.get(a.r.id)! - at.get(b.r.id)!);
  return { rows, total: Number(total) };
}

import { and, asc, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { scholarsApi } from '@meridian/domain';
import type { z } from 'zod';
import { requireActor, type TContext } from '../../../../platform/http/context.js';
import { users } from '../../../people/index.js';
import { caseListFilter } from '../../scholar.policy.js';
import { scholarApplications, scholars } from '../../schema.js';
import { summaryOfCase } from '../dept-case.presenter.js';
import { scholarSearchPattern } from '../../reports/queries/dashboard.query.js';

type TQuery = z.output<typeof scholarsApi.ZListDeptCasesQuery>;

/** The department's cases (the same scope as opening one: caseListFilter), searched, by tab, sorted and paged on the server. */
export async function listDeptCases(ctx: TContext, q: TQuery) {
  const actor = requireActor(ctx);
  return ctx.db(async (tx) => {
    const scope = caseListFilter(actor);
    const term = q.q?.trim();
    // "first last e-mail" through the trigram index, which row-level security keeps from a plain LIKE:
    // scholar_search_ids (migration 0015, decision 012) returns the matching ids of this tenant only.
    const search: SQL | undefined = term
      ? sql`${scholars.id} in (select scholar_search_ids(${ctx.institutionId}::uuid, ${scholarSearchPattern(term)}))`
      : undefined;
    const tab = q.tab === 'all' ? undefined : eq(scholarApplications.sponsorshipState, q.tab);
    const who = q.scholarId ? eq(scholarApplications.scholarId, q.scholarId) : undefined;
    const where = and(scope, search, tab, who);
    const dir = q.order === 'asc' ? asc : desc;
    const orderBy =
      q.sort === 'name'
        ? [dir(sql`lower(${scholars.lastName})`), dir(sql`lower(${scholars.firstName})`)]
        : q.sort === 'proposedStartDate'
          ? [dir(scholarApplications.proposedStartDate)]
          : q.sort === 'state'
            ? [dir(scholarApplications.sponsorshipState), dir(scholarApplications.phase)]
            : [dir(scholarApplications.updatedAt)];
    const rows = await tx
      .select({
        c: scholarApplications,
        s: scholars,
        hasAccount: sql<boolean>`coalesce(${users.passwordHash} is not null or ${users.lastLoginAt} is not null, false)`,
      })
      .from(scholarApplications)
      .innerJoin(scholars, eq(scholars.id, scholarApplications.scholarId))
      .leftJoin(users, eq(users.id, scholars.userId))
      .where(where)
      .orderBy(...orderBy, desc(scholarApplications.id))
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize);
    const byState = await tx
      .select({ state: scholarApplications.sponsorshipState, n: count() })
      .from(scholarApplications)
      .innerJoin(scholars, eq(scholars.id, scholarApplications.scholarId))
      .where(and(scope, search, who))
      .groupBy(scholarApplications.sponsorshipState);
    const counts: Record<string, number> = { all: 0 };
    for (const b of byState) {
      counts[b.state] = Number(b.n);
      counts.all! += Number(b.n);
    }
    const total = q.tab === 'all' ? counts.all! : (counts[q.tab] ?? 0);
    return { items: rows.map((r) => summaryOfCase(r.c, r.s, !!r.hasAccount)), total, page: q.page, pageSize: q.pageSize, counts };
  });
}

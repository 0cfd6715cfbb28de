import { and, asc, count, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { sevisApi } from '@meridian/domain';
import type { TTx } from '../../../platform/db/database.js';
import { requireActor, type TAuthenticatedActor, type TContext } from '../../../platform/http/context.js';
import { campusSites } from '../../people/index.js';
import { raiseEvent, studentProfiles as p } from '../../students/index.js';
import { batchSites, eventScope } from './queries/batch-pending.query.js';

/**
 * A bulk list of the SEVIS pages (Registration, Validation): which records it holds, which event it
 * queues for each, and what that event carries.
 */
export interface TBulkList {
  /** The list's records (besides the actor's batch sites). */
  condition: (today: string) => SQL;
  startDate: SQL<string | null>;
  eventType: 'Registration' | 'Validate';
  action: string;
  payload: (row: typeof p.$inferSelect) => Record<string, unknown>;
  /** Refuses the request (400 on the field) when what the event needs is missing for a record about to be queued. */
  check?: (rows: (typeof p.$inferSelect)[], today: string) => void;
}

const hasOpenEvent = (eventType: string) =>
  sql<boolean>`exists (select 1 from sevis_pending_events ev where ev.profile_id = "student_profiles"."id" and ev.event_type = ${eventType} and ev.status in ('pending', 'held'))`;

async function scopeOf(tx: TTx, actor: TAuthenticatedActor, list: TBulkList, today: string): Promise<SQL> {
  return and(eq(p.isArchived, false), list.condition(today), eventScope(actor, await batchSites(tx, actor))) as SQL;
}

/** One page of a bulk list, sorted by name. */
export async function listBulk(
  ctx: TContext,
  list: TBulkList,
  q: { page: number; pageSize: number; q?: string | undefined },
  today = ctx.today(),
) {
  const actor = requireActor(ctx);
  return ctx.db(async (tx) => {
    const term = q.q ? `%${q.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
    const where = and(
      await scopeOf(tx, actor, list, today),
      term ? or(ilike(p.firstName, term), ilike(p.lastName, term), ilike(p.sevisId, term)) : undefined,
    );
    const [{ total }] = (await tx.select({ total: count() }).from(p).where(where)) as [{ total: number }];
    const rows = await tx
      .select({ p, siteName: campusSites.name, startDate: list.startDate, has: hasOpenEvent(list.eventType) })
      .from(p)
      .leftJoin(campusSites, eq(campusSites.id, p.campusSiteId))
      .where(where)
      .orderBy(asc(p.lastName), asc(p.firstName), asc(p.id))
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize);
    return {
      total,
      page: q.page,
      pageSize: q.pageSize,
      items: rows.map((r): sevisApi.TBulkCandidate => ({
        profileId: r.p.id,
        firstName: r.p.firstName,
        lastName: r.p.lastName,
        sevisId: r.p.sevisId,
        campusSiteName: r.siteName ?? '',
        sevisStatus: r.p.sevisStatus,
        startDate: r.startDate,
        programEndDate: r.p.programEndDate,
        hasPendingEvent: !!r.has,
      })),
    };
  });
}

/**
 * Queues the list's event for the chosen records (or all of them): records no longer on the list are
 * skipped, records whose event already waits are counted, not raised twice.
 */
export async function queueBulk(
  ctx: TContext,
  list: TBulkList,
  input: { profileIds?: string[] | undefined; all: boolean },
  today = ctx.today(),
): Promise<sevisApi.TBulkEventsOutput> {
  const actor = requireActor(ctx);
  return ctx.db(async (tx) => {
    const scope = await scopeOf(tx, actor, list, today);
    const chosen = input.all ? undefined : [...new Set(input.profileIds ?? [])];
    const rows = await tx
      .select({ p, has: hasOpenEvent(list.eventType) })
      .from(p)
      .where(and(scope, chosen ? inArray(p.id, chosen) : undefined))
      .orderBy(asc(p.id));
    list.check?.(
      rows.filter((r) => !r.has).map((r) => r.p),
      today,
    );
    let queued = 0;
    let alreadyPending = 0;
    for (const r of rows) {
      if (r.has) {
        alreadyPending++;
        continue;
      }
      await raiseEvent(tx, ctx, { profileId: r.p.id, eventType: list.eventType, action: list.action, payload: list.payload(r.p) });
      queued++;
    }
    return { queued, alreadyPending, skipped: chosen ? chosen.length - rows.length : 0 };
  });
}

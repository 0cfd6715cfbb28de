import { and, desc, eq, gte, like, lt, or, sql, type SQL } from 'drizzle-orm';
import { addDays, auditApi, startOfDayIn } from '@meridian/domain';
import { auditEvents } from '../../../platform/audit/schema.js';
import type { TTx } from '../../../platform/db/database.js';
import { users } from '../../people/index.js';

/** LIKE pattern of a literal part: %, _ and \ match only themselves. */
const literal = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);
const contains = (s: string) => `%${literal(s.toLowerCase())}%`;

/**
 * The condition of the Logs' filters (docs/product/logs.md#filters): the kind of log by its action
 * prefixes, the office's calendar days (from its first instant to the next day's first, in the
 * institution's time zone), who did it by name or e-mail, and words in the record id or the action.
 * The institution itself is row-level security's.
 */
export function logsWhere(f: auditApi.TLogFilters, timeZone: string): SQL | undefined {
  const where: SQL[] = [];
  const prefixes = auditApi.logTypePrefixes(f.logType);
  if (prefixes.length) where.push(or(...prefixes.map((p) => like(auditEvents.action, `${literal(p)}%`)))!);
  if (f.from) where.push(gte(auditEvents.at, startOfDayIn(f.from, { timeZone })));
  // The last day allowed (12/31/9999) has no next day: up to it means no upper bound.
  if (f.to && f.to < '9999-12-31') where.push(lt(auditEvents.at, startOfDayIn(addDays(f.to, 1), { timeZone })));
  if (f.actor) {
    const p = contains(f.actor);
    where.push(
      sql`${auditEvents.actorUserId} in (select ${users.id} from ${users} where lower(${users.firstName} || ' ' || ${users.lastName}) like ${p} or lower(${users.email}) like ${p})`,
    );
  }
  if (f.q) {
    const p = contains(f.q);
    where.push(sql`(lower(${auditEvents.entityId}) like ${p} or lower(${auditEvents.action}) like ${p})`);
  }
  return where.length ? and(...where) : undefined;
}

/** One event as the Logs show it: who by name and e-mail (null: the system), the kind of log and the action in words. */
export function presentLogEntry(r: {
  e: typeof auditEvents.$inferSelect;
  firstName: string | null;
  lastName: string | null;
  email: string | null;
}): auditApi.TLogEntry {
  return {
    id: String(r.e.id),
    at: r.e.at.toISOString(),
    actorName: r.firstName !== null ? `${r.firstName} ${r.lastName ?? ''}`.trim() : null,
    actorEmail: r.email,
    logType: auditApi.logTypeLabel(r.e.action),
    action: r.e.action,
    actionLabel: auditApi.auditActionLabel(r.e.action),
    entityType: r.e.entityType,
    entityId: r.e.entityId,
    ip: r.e.ip,
    before: r.e.before ?? null,
    after: r.e.after ?? null,
  };
}

/** The events with their actor, newest first (ties by id), as a select to page or to read in batches. */
export function logsSelect(tx: TTx, where: SQL | undefined) {
  return tx
    .select({
      e: auditEvents,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      atText: sql<string>`${auditEvents.at}::text`,
    })
    .from(auditEvents)
    .leftJoin(users, eq(users.id, auditEvents.actorUserId))
    .where(where)
    .orderBy(desc(auditEvents.at), desc(auditEvents.id));
}

/** How many events match. */
export async function countLogs(tx: TTx, where: SQL | undefined): Promise<number> {
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(auditEvents)
    .where(where);
  return row?.n ?? 0;
}

/** The events after a keyset position (the last row of the previous batch), for reading all of them in order. */
export function afterPosition(where: SQL | undefined, pos: { atText: string; id: number } | null): SQL | undefined {
  if (!pos) return where;
  return and(where, sql`(${auditEvents.at}, ${auditEvents.id}) < (${pos.atText}::timestamptz, ${pos.id})`);
}

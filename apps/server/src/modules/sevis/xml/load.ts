import { asc, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { TTx } from '../../../platform/db/database.js';
import {
  sevisPendingEvents,
  studentDependents,
  studentEmployments,
  studentSitesOfActivity,
  studentTippPhases,
  studentTipps,
  studentTippSites,
} from '../../students/index.js';
import type { TBatchRecordInput } from './types.js';
import { studentProfiles } from '../../students/index.js';

/**
 * `column = any($1::uuid[])`: the ids travel as one array parameter, where drizzle's inArray binds
 * one parameter per id (building and binding thousands of them cost more than the queries).
 */
const anyOf = (column: PgColumn, ids: string[]): SQL => sql`${column} = any(${sql.param(ids)}::uuid[])`;

const CHUNK = 2000;
async function inChunks<T>(ids: string[], q: (chunk: string[]) => Promise<T[]>): Promise<T[]> {
  const out: T[] = [];
  for (let i = 0; i < ids.length; i += CHUNK) out.push(...(await q(ids.slice(i, i + CHUNK))));
  return out;
}

function groupBy<T>(rows: T[], key: (r: T) => string): Map<string, T[]> {
  const m = new Map<string, T[]>();
  for (const r of rows) {
    const k = key(r);
    const list = m.get(k);
    if (list) list.push(r);
    else m.set(k, [r]);
  }
  return m;
}

/**
 * Each event (in the order of `eventIds`) with its record's current data: the profile, dependents,
 * sites of activity, employments and (exchange visitors) the T/IPP, and the payload captured when the event was raised. Runs in
 * the caller's transaction (row-level security applies); ids it cannot see are left out.
 */
export async function loadBatchInputs(tx: TTx, eventIds: string[]): Promise<TBatchRecordInput[]> {
  const ids = [...new Set(eventIds)];
  if (!ids.length) return [];
  const events = await inChunks(ids, (c) => tx.select().from(sevisPendingEvents).where(anyOf(sevisPendingEvents.id, c)));
  const profileIds = [...new Set(events.map((e) => e.profileId))];
  const profiles = await inChunks(profileIds, (c) => tx.select().from(studentProfiles).where(anyOf(studentProfiles.id, c)));
  const dependents = groupBy(
    await inChunks(profileIds, (c) => tx.select().from(studentDependents).where(anyOf(studentDependents.profileId, c))),
    (d) => d.profileId,
  );
  const sites = groupBy(
    await inChunks(profileIds, (c) => tx.select().from(studentSitesOfActivity).where(anyOf(studentSitesOfActivity.profileId, c))),
    (s) => s.profileId,
  );
  const employments = groupBy(
    await inChunks(profileIds, (c) => tx.select().from(studentEmployments).where(anyOf(studentEmployments.profileId, c))),
    (e) => e.profileId,
  );
  // The T/IPP of exchange visitors only (a student record has none).
  const evIds = profiles.filter((p) => p.visaType === 'J-1').map((p) => p.id);
  const plans = new Map(
    (await inChunks(evIds, (c) => tx.select().from(studentTipps).where(anyOf(studentTipps.profileId, c)))).map((t) => [t.profileId, t]),
  );
  const tippSites = groupBy(
    await inChunks(evIds, (c) =>
      tx.select().from(studentTippSites).where(anyOf(studentTippSites.profileId, c)).orderBy(asc(studentTippSites.createdAt)),
    ),
    (s) => s.profileId,
  );
  const tippPhases = groupBy(
    await inChunks(evIds, (c) =>
      tx
        .select()
        .from(studentTippPhases)
        .where(anyOf(studentTippPhases.profileId, c))
        .orderBy(asc(studentTippPhases.startDate), asc(studentTippPhases.createdAt)),
    ),
    (s) => s.profileId,
  );
  const profileById = new Map(profiles.map((p) => [p.id, p]));
  const eventById = new Map(events.map((e) => [e.id, e]));
  const out: TBatchRecordInput[] = [];
  for (const id of ids) {
    const e = eventById.get(id);
    const profile = e && profileById.get(e.profileId);
    if (!e || !profile) continue;
    out.push({
      eventId: e.id,
      profileId: e.profileId,
      eventType: e.eventType,
      action: e.action,
      payload: e.payload ?? {},
      dependentId: e.dependentId,
      profile,
      dependents: dependents.get(e.profileId) ?? [],
      sites: sites.get(e.profileId) ?? [],
      employments: employments.get(e.profileId) ?? [],
      tipp:
        profile.visaType === 'J-1'
          ? { plan: plans.get(e.profileId) ?? null, sites: tippSites.get(e.profileId) ?? [], phases: tippPhases.get(e.profileId) ?? [] }
          : null,
    });
  }
  return out;
}

import { and, asc, count, desc, eq, ilike, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { sevisApi } from '@meridian/domain';
import type { TTx } from '../../../../platform/db/database.js';
import type { TAuthenticatedActor } from '../../../../platform/http/context.js';
import { campusSites } from '../../../people/index.js';
import { sevisPendingEvents as e } from '../../../students/index.js';
import { sevisSettings } from '../../schema.js';
import { batchesSite } from '../../settings-scope.js';
import type { TSenderScopes } from '../batch-senders.js';
import { studentProfiles as p } from '../../../students/index.js';

/** The campus sites whose SEVIS batches the actor prepares; super users also see records without a site. */
export async function batchSites(tx: TTx, actor: TAuthenticatedActor): Promise<number[]> {
  return (await tx.select({ id: campusSites.id }).from(campusSites)).map((s) => s.id).filter((id) => batchesSite(actor, id));
}

/** The records whose updates the caller prepares: their sites' (and, for super users, those without a site). */
export function eventScope(actor: TAuthenticatedActor, sites: number[]): SQL {
  const parts: SQL[] = [];
  if (sites.length) parts.push(inArray(p.campusSiteId, sites));
  if (actor.staff?.isSuper) parts.push(isNull(p.campusSiteId));
  return parts.length ? (or(...parts) as SQL) : sql`false`;
}

const kindOfVisa = sql<string>`case ${p.visaType} when 'J-1' then 'J' else 'F' end`;
/** The profile's active SEVIS settings exist (its OrgID is known). */
const hasSettings = sql`exists (select 1 from sevis_settings s where s.campus_site_id = ${p.campusSiteId} and s.program_kind = ${kindOfVisa} and s.is_active)`;

/** Pending and held events by OrgID (campus site + program kind), with counts. */
export async function pendingGroups(tx: TTx, actor: TAuthenticatedActor, senders: TSenderScopes): Promise<sevisApi.TPendingGroup[]> {
  const sites = await batchSites(tx, actor);
  const rows = await tx
    .select({ siteId: p.campusSiteId, kind: kindOfVisa, status: e.status, n: count() })
    .from(e)
    .innerJoin(p, eq(p.id, e.profileId))
    .where(and(inArray(e.status, ['pending', 'held']), eventScope(actor, sites)))
    .groupBy(p.campusSiteId, kindOfVisa, e.status);
  const settings = await tx
    .select({ s: sevisSettings, siteName: campusSites.name })
    .from(sevisSettings)
    .innerJoin(campusSites, eq(campusSites.id, sevisSettings.campusSiteId))
    .where(eq(sevisSettings.isActive, true))
    .orderBy(asc(campusSites.name), asc(sevisSettings.programKind));
  const siteNames = new Map((await tx.select().from(campusSites)).map((c) => [c.id, c.name]));
  const groups: sevisApi.TPendingGroup[] = settings
    .filter((r) => sites.includes(r.s.campusSiteId))
    .map((r) => ({
      settingsId: r.s.id,
      campusSiteId: r.s.campusSiteId,
      campusSiteName: r.siteName,
      programKind: r.s.programKind as 'F' | 'J',
      orgId: r.s.orgId,
      pendingCount: 0,
      heldCount: 0,
      canCreate: senders.has(r.s.campusSiteId, r.s.programKind),
      isAutoBatch: r.s.isAutoBatch,
    }));
  for (const r of rows) {
    let g = groups.find((x) => x.campusSiteId === r.siteId && x.programKind === r.kind);
    if (!g) {
      g = {
        settingsId: null,
        campusSiteId: r.siteId,
        campusSiteName: r.siteId ? (siteNames.get(r.siteId) ?? '') : 'No campus site',
        programKind: r.kind as 'F' | 'J',
        orgId: '',
        pendingCount: 0,
        heldCount: 0,
        canCreate: false,
        isAutoBatch: false,
      };
      groups.push(g);
    }
    if (r.status === 'held') g.heldCount += r.n;
    else g.pendingCount += r.n;
  }
  return groups;
}

/** One page of the pending / held events the actor batches (filter by OrgID, status, student name or SEVIS id). */
export async function pendingEvents(
  tx: TTx,
  actor: TAuthenticatedActor,
  q: sevisApi.TListPendingEventsQuery & { page: number; pageSize: number },
) {
  const sites = await batchSites(tx, actor);
  let bySettings: SQL | undefined;
  if (q.settingsId === 'none') bySettings = sql`not ${hasSettings}`;
  else if (q.settingsId) {
    const [s] = /^[0-9a-f-]{36}$/i.test(q.settingsId)
      ? await tx.select().from(sevisSettings).where(eq(sevisSettings.id, q.settingsId))
      : [];
    bySettings = s ? and(eq(p.campusSiteId, s.campusSiteId), eq(p.visaType, s.programKind === 'J' ? 'J-1' : 'F-1')) : sql`false`;
  }
  const term = q.q ? `%${q.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
  const where = and(
    inArray(e.status, q.status ? [q.status] : ['pending', 'held']),
    eventScope(actor, sites),
    bySettings,
    term ? or(ilike(p.firstName, term), ilike(p.lastName, term), ilike(p.sevisId, term), ilike(e.eventType, term)) : undefined,
  );
  const [{ total }] = (await tx.select({ total: count() }).from(e).innerJoin(p, eq(p.id, e.profileId)).where(where)) as [{ total: number }];
  const rows = await tx
    .select({ e, firstName: p.firstName, lastName: p.lastName, sevisId: p.sevisId, visaType: p.visaType, siteName: campusSites.name })
    .from(e)
    .innerJoin(p, eq(p.id, e.profileId))
    .leftJoin(campusSites, eq(campusSites.id, p.campusSiteId))
    .where(where)
    .orderBy(desc(sql`${e.status} = 'held'`), asc(e.createdAt), asc(e.id))
    .limit(q.pageSize)
    .offset((q.page - 1) * q.pageSize);
  return {
    total,
    page: q.page,
    pageSize: q.pageSize,
    items: rows.map((r) => ({
      id: r.e.id,
      profileId: r.e.profileId,
      firstName: r.firstName,
      lastName: r.lastName,
      sevisId: r.sevisId,
      visaType: r.visaType,
      campusSiteName: r.siteName ?? '',
      eventType: r.e.eventType,
      action: r.e.action,
      status: r.e.status as 'pending' | 'held',
      message: r.e.message,
      raisedAt: r.e.createdAt.toISOString(),
    })),
  };
}

import { and, eq, inArray, notInArray, or, sql, type SQL } from 'drizzle-orm';
import type { TTx } from '../../../../platform/db/database.js';
import { sevisPendingEvents } from '../../schema.js';
import { OPEN_SEVIS_EVENT_STATUSES, supersedeSevisEvents, type TSupersededBy } from './supersede-sevis-events.js';

/** What a Create carries of the record besides the person: SEVIS takes them with the new record. */
const CARRIED_TYPES = ['PersonalInfo', 'Biographical', 'Program', 'EducationLevel', 'FinancialInfo'];

export interface TCarriedByCreate {
  profileId: string;
  createEventId: string;
  dependentIds: string[];
  siteIds: string[];
  /** The Create carries the T/IPP (CreateEV/AddTIPP): every T/IPP update that waited for it describes what it carries. */
  tipp?: boolean | undefined;
}

/**
 * A record's Create went into a batch carrying the record as it stands, with the dependents and sites
 * of activity it lists: the updates of that record still waiting (raised before, while SEVIS did not
 * know the person) describe what the Create now carries, so they are superseded and never leave, and
 * a carried dependent or site is never added again (docs/decisions/019-sevis-events-reach-sevis-once.md).
 */
export async function supersedeEventsCarriedByCreate(tx: TTx, by: TSupersededBy, o: TCarriedByCreate): Promise<string[]> {
  const parts: SQL[] = [inArray(sevisPendingEvents.eventType, CARRIED_TYPES)];
  if (o.tipp) parts.push(eq(sevisPendingEvents.eventType, 'TIPP'));
  if (o.dependentIds.length)
    parts.push(and(eq(sevisPendingEvents.eventType, 'Dependent'), inArray(sevisPendingEvents.dependentId, o.dependentIds))!);
  if (o.siteIds.length)
    parts.push(
      and(
        eq(sevisPendingEvents.eventType, 'SiteOfActivity'),
        inArray(sevisPendingEvents.action, ['Add', 'Edit']),
        inArray(sql<string>`${sevisPendingEvents.payload}->>'siteId'`, o.siteIds),
      )!,
    );
  return supersedeSevisEvents(tx, by, {
    profileId: o.profileId,
    where: and(inArray(sevisPendingEvents.status, ['pending', 'held']), or(...parts)),
    reason: 'Carried by the Create of this record: SEVIS creates the person with these data, dependents, sites and T/IPP at once.',
    byEventId: o.createEventId,
  });
}

/**
 * supersedeEventsCarriedByCreate for the Creates of one batch. Most new records have nothing else
 * waiting, so one query first finds the records that still have an update that has not left, and only
 * those are looked at one by one (the others would change nothing).
 */
export async function supersedeEventsCarriedByCreates(tx: TTx, by: TSupersededBy, creates: TCarriedByCreate[]): Promise<string[]> {
  if (!creates.length) return [];
  const waiting = new Set(
    (
      await tx
        .selectDistinct({ profileId: sevisPendingEvents.profileId })
        .from(sevisPendingEvents)
        .where(
          and(
            inArray(sevisPendingEvents.profileId, [...new Set(creates.map((c) => c.profileId))]),
            inArray(sevisPendingEvents.status, [...OPEN_SEVIS_EVENT_STATUSES]),
            notInArray(
              sevisPendingEvents.id,
              creates.map((c) => c.createEventId),
            ),
          ),
        )
    ).map((r) => r.profileId),
  );
  const out: string[] = [];
  for (const c of creates) if (waiting.has(c.profileId)) out.push(...(await supersedeEventsCarriedByCreate(tx, by, c)));
  return out;
}

import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { sevisApi } from '@meridian/domain';
import type { TTx } from '../../../platform/db/database.js';
import { sevisPendingEvents, studentProfiles } from '../../students/index.js';
import { type TSettingsRow } from '../settings-scope.js';

const MAX = sevisApi.SEVIS_BATCH_MAX_RECORDS;

/** The visa type of a program kind: F-1 for F, J-1 for J. */
export const visaOfKind = (programKind: string) => (programKind === 'F' ? 'F-1' : 'J-1');

/** The kind of batch a program kind sends: student (F) or exchange visitor (J). */
export const batchKindOf = (programKind: string): 'student' | 'ev' => (programKind === 'F' ? 'student' : 'ev');

/** A pending SEVIS update as batching reads it. */
export interface TEventRow {
  id: string;
  profileId: string;
  eventType: string;
  action: string;
  status: string;
  message: string;
}

/** What batching one organization's updates made: the batches, and how many updates went or were held back. */
export interface TOrgBatchResult {
  batches: sevisApi.TCreateBatchesOutput['batches'];
  batchedEvents: number;
  heldEvents: number;
}

/**
 * The events waiting for this OrgID: pending ones, and held ones (retried: the record may have been
 * fixed since) unless a newer pending event of the same kind replaces them. A record's create goes first.
 * T/IPP updates wait for the ids SEVIS gives the sites and phases they name (student_tipp_sites,
 * student_tipp_phases: read here, owned by the students module).
 */
export async function eventsOf(tx: TTx, s: TSettingsRow, eventIds?: string[]): Promise<TEventRow[]> {
  return tx
    .select({
      id: sevisPendingEvents.id,
      profileId: sevisPendingEvents.profileId,
      eventType: sevisPendingEvents.eventType,
      action: sevisPendingEvents.action,
      status: sevisPendingEvents.status,
      message: sevisPendingEvents.message,
    })
    .from(sevisPendingEvents)
    .innerJoin(studentProfiles, eq(studentProfiles.id, sevisPendingEvents.profileId))
    .where(
      and(
        eq(studentProfiles.campusSiteId, s.campusSiteId),
        eq(studentProfiles.visaType, visaOfKind(s.programKind)),
        inArray(sevisPendingEvents.status, ['pending', 'held']),
        eventIds ? inArray(sevisPendingEvents.id, eventIds.length ? eventIds : ['00000000-0000-0000-0000-000000000000']) : undefined,
        // An update waits until SEVIS knows the person (the record has its SEVIS ID); a Create waits while
        // another Create of the record is in a batch or sent (docs/decisions/019-sevis-events-reach-sevis-once.md).
        sql`(${sevisPendingEvents.eventType} = 'Create' or coalesce(${studentProfiles.sevisId}, '') <> '')`,
        sql`not (${sevisPendingEvents.eventType} = 'Create' and exists (select 1 from sevis_pending_events c where c.profile_id = ${sevisPendingEvents.profileId}
        and c.event_type = 'Create' and c.status in ('batched', 'sent') and c.id <> ${sevisPendingEvents.id}))`,
        sql`not (${sevisPendingEvents.status} = 'held' and exists (select 1 from sevis_pending_events n where n.profile_id = ${sevisPendingEvents.profileId}
        and n.event_type = ${sevisPendingEvents.eventType} and n.action = ${sevisPendingEvents.action} and n.status = 'pending'
        and n.dependent_id is not distinct from ${sevisPendingEvents.dependentId}
        and (n.payload->>'mergeKey') is not distinct from (${sevisPendingEvents.payload}->>'mergeKey') and n.created_at > ${sevisPendingEvents.createdAt}))`,
        // A T/IPP update about a site or phase waits until SEVIS has named it (its SiteId / PhaseId comes
        // with the result of the Create or AddSite / AddPhase that carried it); adding a site waits for nothing.
        sql`not (${sevisPendingEvents.eventType} in ('TIPP', 'Reprint7002') and ${sevisPendingEvents.action} in ('EditSite', 'DeleteSite', 'AddPhase', 'UpdateSignatureDates', 'Reprint7002')
        and ${sevisPendingEvents.payload}->>'tippSiteId' is not null
        and exists (select 1 from student_tipp_sites ts where ts.id::text = ${sevisPendingEvents.payload}->>'tippSiteId' and ts.sevis_site_id = ''))`,
        sql`not (${sevisPendingEvents.eventType} = 'TIPP' and ${sevisPendingEvents.action} in ('EditPhase', 'DeletePhase')
        and exists (select 1 from student_tipp_phases tp where tp.id::text = ${sevisPendingEvents.payload}->>'tippPhaseId' and tp.sevis_phase_id = ''))`,
      ),
    )
    .orderBy(
      sql`case when ${sevisPendingEvents.eventType} = 'Create' then 0 else 1 end`,
      asc(sevisPendingEvents.createdAt),
      asc(sevisPendingEvents.id),
    );
}

/**
 * The Creates of this OrgID that must never leave because SEVIS already has the person: the record
 * has its SEVIS ID, or another Create of it was accepted. They are superseded before batching.
 */
export async function createsAlreadyDone(tx: TTx, s: TSettingsRow): Promise<{ id: string; profileId: string; sevisId: string | null }[]> {
  return tx
    .select({ id: sevisPendingEvents.id, profileId: sevisPendingEvents.profileId, sevisId: studentProfiles.sevisId })
    .from(sevisPendingEvents)
    .innerJoin(studentProfiles, eq(studentProfiles.id, sevisPendingEvents.profileId))
    .where(
      and(
        eq(studentProfiles.campusSiteId, s.campusSiteId),
        eq(studentProfiles.visaType, visaOfKind(s.programKind)),
        eq(sevisPendingEvents.eventType, 'Create'),
        inArray(sevisPendingEvents.status, ['pending', 'held']),
        sql`(coalesce(${studentProfiles.sevisId}, '') <> '' or exists (select 1 from sevis_pending_events c where c.profile_id = ${sevisPendingEvents.profileId}
        and c.event_type = 'Create' and c.status = 'succeeded'))`,
      ),
    );
}

/**
 * Splits events into batches of at most 250 records, one event per record and one record per student
 * per batch: SEVIS does not promise to process a batch's records in order, so a student's second
 * change (or a change after their create) waits for the next batch.
 */
export function planBatches<T extends { profileId: string }>(events: T[], max = MAX): T[][] {
  const out: T[][] = [];
  let rest = events;
  while (rest.length) {
    const batch: T[] = [];
    const seen = new Set<string>();
    const later: T[] = [];
    for (const e of rest) {
      if (batch.length < max && !seen.has(e.profileId)) {
        batch.push(e);
        seen.add(e.profileId);
      } else later.push(e);
    }
    out.push(batch);
    rest = later;
  }
  return out;
}

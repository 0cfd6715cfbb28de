import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { sevisApi } from '@meridian/domain';
import { writeAudit } from '../../../platform/audit/audit.js';
import type { TTx } from '../../../platform/db/database.js';
import { forbidden } from '../../../platform/errors/app-error.js';
import { requireActor, type TContext } from '../../../platform/http/context.js';
import { markSevisEventsBatched, holdSevisEvent, sevisPendingEvents, studentProfiles } from '../../students/index.js';
import { sevisBatches, sevisBatchRecords, sevisSettings } from '../schema.js';
import { buildValidatedBatch, loadBatchInputs } from './batch-xml.js';
import { batchesSite, formatBatchId, getReachableSettings, lockOrg, nextBatchNumber, type TSettingsRow } from './settings-scope.js';
import { senderUserId } from './settings-senders.js';

const MAX = sevisApi.SEVIS_BATCH_MAX_RECORDS;
export const visaOfKind = (programKind: string) => (programKind === 'F' ? 'F-1' : 'J-1');
export const batchKindOf = (programKind: string): 'student' | 'ev' => (programKind === 'F' ? 'student' : 'ev');

interface TEventRow {
  id: string;
  profileId: string;
  eventType: string;
  action: string;
  status: string;
  message: string;
}
export interface TOrgBatchResult {
  batches: sevisApi.TCreateBatchesOutput['batches'];
  batchedEvents: number;
  heldEvents: number;
}

/**
 * The events waiting for this OrgID: pending ones, and held ones (retried: the record may have been
 * fixed since) unless a newer pending event of the same kind replaces them. A record's create goes first.
 */
async function eventsOf(tx: TTx, s: TSettingsRow, eventIds?: string[]): Promise<TEventRow[]> {
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
        sql`not (${sevisPendingEvents.status} = 'held' and exists (select 1 from sevis_pending_events n where n.profile_id = ${sevisPendingEvents.profileId}
        and n.event_type = ${sevisPendingEvents.eventType} and n.action = ${sevisPendingEvents.action} and n.status = 'pending'
        and n.dependent_id is not distinct from ${sevisPendingEvents.dependentId} and n.created_at > ${sevisPendingEvents.createdAt}))`,
      ),
    )
    .orderBy(
      sql`case when ${sevisPendingEvents.eventType} = 'Create' then 0 else 1 end`,
      asc(sevisPendingEvents.createdAt),
      asc(sevisPendingEvents.id),
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

/**
 * Builds the batches of one OrgID in one transaction holding the OrgID's advisory lock, so two
 * concurrent creations never take the same batch id nor the same event. Every batch is validated
 * against the XSD (helper E's library): records that fail are held back with the schema message.
 */
export async function createBatchesForSettings(
  tx: TTx,
  s: TSettingsRow,
  o: { actorUserId: string | null; sevisUserId: string; ip?: string | undefined; eventIds?: string[] | undefined },
): Promise<TOrgBatchResult> {
  await lockOrg(tx, s.institutionId, s.orgId);
  const events = await eventsOf(tx, s, o.eventIds);
  const result: TOrgBatchResult = { batches: [], batchedEvents: 0, heldEvents: 0 };
  if (!events.length) return result;
  const byId = new Map(events.map((e) => [e.id, e]));
  let next = await nextBatchNumber(tx, s.institutionId, s.orgId, s.startingBatchNumber);
  const kind = batchKindOf(s.programKind);
  for (const chunk of planBatches(events)) {
    const batchId = formatBatchId(next);
    const records = await loadBatchInputs(
      tx,
      chunk.map((e) => e.id),
    );
    const built = await buildValidatedBatch({ kind, orgId: s.orgId, batchId, userId: o.sevisUserId, records });
    for (const h of built.held) {
      const e = byId.get(h.eventId);
      if (!e) continue;
      result.heldEvents++;
      // A held event that fails again for the same reason is not news (the nightly job retries it).
      if (e.status === 'held' && e.message === h.message) continue;
      await holdSevisEvent(tx, h.eventId, h.message);
      await writeAudit(tx, {
        institutionId: s.institutionId,
        actorUserId: o.actorUserId,
        entityType: 'student_profile',
        entityId: e.profileId,
        action: 'student.sevis-event.held',
        after: { sevisEventId: e.id, eventType: e.eventType, action: e.action, message: h.message, batchId },
        ip: o.ip,
      });
    }
    if (!built.included.length || !built.xml) continue;
    next++;
    const [batch] = await tx
      .insert(sevisBatches)
      .values({
        institutionId: s.institutionId,
        settingsId: s.id,
        orgId: s.orgId,
        batchId,
        kind,
        status: 'pending',
        recordCount: built.included.length,
        sevisUserId: o.sevisUserId,
        xml: built.xml,
        createdBy: o.actorUserId,
      })
      .returning({ id: sevisBatches.id });
    const batchRowId = batch!.id;
    await tx.insert(sevisBatchRecords).values(
      built.included.map((r) => ({
        institutionId: s.institutionId,
        batchRowId,
        eventId: r.eventId,
        profileId: byId.get(r.eventId)!.profileId,
        recordKind: r.recordKind,
        sevisRequestId: r.sevisRequestId,
        status: 'sent',
      })),
    );
    await markSevisEventsBatched(
      tx,
      built.included.map((r) => r.eventId),
      batchRowId,
    );
    for (const r of built.included) {
      const e = byId.get(r.eventId)!;
      await writeAudit(tx, {
        institutionId: s.institutionId,
        actorUserId: o.actorUserId,
        entityType: 'student_profile',
        entityId: e.profileId,
        action: 'student.sevis-event.batched',
        after: { sevisEventId: e.id, eventType: e.eventType, action: e.action, batchId, orgId: s.orgId },
        ip: o.ip,
      });
    }
    await writeAudit(tx, {
      institutionId: s.institutionId,
      actorUserId: o.actorUserId,
      entityType: 'sevis_batch',
      entityId: batchRowId,
      action: 'sevis.batch-created',
      after: { batchId, orgId: s.orgId, kind, recordCount: built.included.length, held: built.held.length, sevisUserId: o.sevisUserId },
      ip: o.ip,
    });
    result.batches.push({ id: batchRowId, batchId, orgId: s.orgId, recordCount: built.included.length });
    result.batchedEvents += built.included.length;
  }
  return result;
}

/**
 * "Create batches" for one OrgID or every OrgID the caller may batch. Sending needs the SEVIS
 * Permissions as well (DSO for F, ARO for J); the batch's userID is the caller's SEVIS user id.
 */
export async function createBatches(ctx: TContext, input: sevisApi.TCreateBatchesInput): Promise<sevisApi.TCreateBatchesOutput> {
  const actor = requireActor(ctx);
  const targets = await ctx.db(async (tx) => {
    if (input.settingsId) return [await getReachableSettings(tx, actor, input.settingsId, batchesSite)];
    return (await tx.select().from(sevisSettings).where(eq(sevisSettings.isActive, true))).filter((s) =>
      batchesSite(actor, s.campusSiteId),
    );
  });
  const out: sevisApi.TCreateBatchesOutput = { batches: [], batchedEvents: 0, heldEvents: 0, skipped: [] };
  for (const s of targets) {
    const r = await ctx.db(async (tx) => {
      const sevisUserId = await senderUserId(tx, actor.userId, s.programKind);
      if (!sevisUserId) return null;
      if (!s.isActive) return null;
      return createBatchesForSettings(tx, s, { actorUserId: actor.userId, sevisUserId, ip: ctx.ip, eventIds: input.eventIds });
    });
    if (!r) {
      if (input.settingsId)
        throw forbidden(s.isActive ? sevisApi.SEVIS_MSG.notSender : 'These SEVIS settings are not active', 'NOT_SENDER');
      out.skipped.push({ orgId: s.orgId, reason: sevisApi.SEVIS_MSG.notSender });
      continue;
    }
    out.batches.push(...r.batches);
    out.batchedEvents += r.batchedEvents;
    out.heldEvents += r.heldEvents;
  }
  return out;
}

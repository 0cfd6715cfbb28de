import { writeAudit } from '../../../../platform/audit/audit.js';
import type { TTx } from '../../../../platform/db/database.js';
import {
  markSevisEventsBatched,
  markTippCarried,
  holdSevisEvent,
  supersedeEventsCarriedByCreate,
  supersedeSevisEvents,
  sevisPendingEvents,
} from '../../../students/index.js';
import { eq } from 'drizzle-orm';
import { sevisBatches, sevisBatchRecords } from '../../schema.js';
import { buildValidatedBatch, carriedDependents, carriedSites, carriedTipp, createCarriesTipp, loadBatchInputs } from '../batch-xml.js';
import { formatBatchId, lockOrg, nextBatchNumber, type TSettingsRow } from '../../settings-scope.js';
import { batchKindOf, createsAlreadyDone, eventsOf, planBatches, type TOrgBatchResult } from '../batch-planning.js';

/**
 * Builds the batches of one OrgID in one transaction holding the OrgID's advisory lock, so two concurrent
 * creations never take the same batch id nor the same event. Every batch is validated against the XSD
 * (../../xml): records that fail are held back with the schema message
 * (docs/product/sevis-batches.md#building-batches).
 */
export async function createBatchesForSettings(
  tx: TTx,
  s: TSettingsRow,
  o: {
    actorUserId: string | null;
    sevisUserId: string;
    ip?: string | undefined;
    eventIds?: string[] | undefined;
    /** The office's today (ctx.today()): the issue date of a form issued in this batch. */
    today: string;
  },
): Promise<TOrgBatchResult> {
  await lockOrg(tx, s.institutionId, s.orgId);
  const by = { institutionId: s.institutionId, actorUserId: o.actorUserId, ip: o.ip };
  for (const c of await createsAlreadyDone(tx, s))
    await supersedeSevisEvents(tx, by, {
      profileId: c.profileId,
      where: eq(sevisPendingEvents.id, c.id),
      reason: c.sevisId
        ? `The record has its SEVIS ID (${c.sevisId}): SEVIS already has this person, so no Create is sent.`
        : 'SEVIS already accepted a Create of this record: it creates a person once.',
    });
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
    const built = await buildValidatedBatch({ kind, orgId: s.orgId, batchId, userId: o.sevisUserId, records, today: o.today });
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
    // A Create carries the record as it stands with its dependents, sites and T/IPP: what waited for it never leaves.
    for (const r of built.included) {
      const input = records.find((x) => x.eventId === r.eventId);
      if (!input) continue;
      // T/IPP sites and phases now on their way to SEVIS: a later change is an update of them, never a second add.
      if (kind === 'ev') await markTippCarried(tx, carriedTipp(input));
      if (r.recordKind !== 'create') continue;
      await supersedeEventsCarriedByCreate(tx, by, {
        profileId: input.profileId,
        createEventId: r.eventId,
        dependentIds: carriedDependents(input)
          .slice(0, 25)
          .map((d) => d.id),
        siteIds: kind === 'ev' ? carriedSites(input).map((x) => x.id) : [],
        tipp: kind === 'ev' && createCarriesTipp(input),
      });
    }
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

import { writeAudit, writeAuditMany } from '../../../../platform/audit/audit.js';
import type { TTx } from '../../../../platform/db/database.js';
import {
  markSevisEventsBatched,
  markTippCarried,
  holdSevisEvents,
  supersedeEventsCarriedByCreates,
  supersedeSevisEvents,
  sevisPendingEvents,
} from '../../../students/index.js';
import { eq, sql } from 'drizzle-orm';
import { sevisBatches } from '../../schema.js';
import {
  buildValidatedBatches,
  carriedDependents,
  carriedSites,
  carriedTipp,
  createCarriesTipp,
  loadBatchInputs,
  withBatchId,
  type TBatchRecordInput,
} from '../batch-xml.js';
import { formatBatchId, lockOrg, nextBatchNumber, type TSettingsRow } from '../../settings-scope.js';
import { batchKindOf, createsAlreadyDone, eventsOf, planBatches, type TEventRow, type TOrgBatchResult } from '../batch-planning.js';

/**
 * How many batches go through one xmllint run. xmllint-wasm parses the schema again on every run (most
 * of a single batch's validation time), so the batches are validated together; 40 batches of 250
 * records are about 7 MB of XML, which bounds the run's memory for an OrgID with a huge backlog.
 */
const BATCHES_PER_VALIDATION = 40;

/**
 * Builds the batches of one OrgID in one transaction holding the OrgID's advisory lock, so two concurrent
 * creations never take the same batch id nor the same event. Every batch is validated against the XSD
 * (../../xml), up to BATCHES_PER_VALIDATION of them in one run: records that fail are held back with the
 * schema message (docs/product/sevis-batches.md#building-batches). A batch whose records were all held
 * back takes no batch id (docs/decisions/022-sevis-batches-validated-together.md).
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
  const plan = planBatches(events);
  for (let w = 0; w < plan.length; w += BATCHES_PER_VALIDATION) {
    const chunks = plan.slice(w, w + BATCHES_PER_VALIDATION);
    // Building writes nothing a record's XML is made of, so the window's records are read at once.
    const inputs = new Map(
      (
        await loadBatchInputs(
          tx,
          chunks.flat().map((e) => e.id),
        )
      ).map((r) => [r.eventId, r]),
    );
    // Provisional ids in a row; a batch that keeps no record gives its number to the next (withBatchId).
    const provisional = chunks.map((_, k) => formatBatchId(next + k));
    const built = await buildValidatedBatches(
      chunks.map((chunk, k) => ({
        kind,
        orgId: s.orgId,
        batchId: provisional[k]!,
        userId: o.sevisUserId,
        records: chunk.map((e) => inputs.get(e.id)).filter((r): r is TBatchRecordInput => !!r),
        today: o.today,
      })),
    );
    for (const [k, b] of built.entries()) {
      const batchId = formatBatchId(next);
      await holdBack(tx, s, o, byId, b.held, batchId);
      result.heldEvents += b.held.filter((h) => byId.has(h.eventId)).length;
      if (!b.included.length || !b.xml) continue;
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
          recordCount: b.included.length,
          sevisUserId: o.sevisUserId,
          xml: withBatchId(b.xml, provisional[k]!, batchId),
          createdBy: o.actorUserId,
        })
        .returning({ id: sevisBatches.id });
      const batchRowId = batch!.id;
      await insertBatchRecords(
        tx,
        s.institutionId,
        batchRowId,
        b.included.map((r) => ({ ...r, profileId: byId.get(r.eventId)!.profileId })),
      );
      await markSevisEventsBatched(
        tx,
        b.included.map((r) => r.eventId),
        batchRowId,
      );
      // A Create carries the record as it stands with its dependents, sites and T/IPP: what waited for it never leaves.
      const carried = b.included.map((r) => ({ r, input: inputs.get(r.eventId) })).filter((x) => !!x.input);
      // T/IPP sites and phases now on their way to SEVIS: a later change is an update of them, never a second add.
      if (kind === 'ev') {
        const tipp = carried.map((x) => carriedTipp(x.input!));
        await markTippCarried(tx, { siteIds: tipp.flatMap((t) => t.siteIds), phaseIds: tipp.flatMap((t) => t.phaseIds) });
      }
      await supersedeEventsCarriedByCreates(
        tx,
        by,
        carried
          .filter((x) => x.r.recordKind === 'create')
          .map(({ r, input }) => ({
            profileId: input!.profileId,
            createEventId: r.eventId,
            dependentIds: carriedDependents(input!)
              .slice(0, 25)
              .map((d) => d.id),
            siteIds: kind === 'ev' ? carriedSites(input!).map((x) => x.id) : [],
            tipp: kind === 'ev' && createCarriesTipp(input!),
          })),
      );
      await writeAuditMany(
        tx,
        b.included.map((r) => {
          const e = byId.get(r.eventId)!;
          return {
            institutionId: s.institutionId,
            actorUserId: o.actorUserId,
            entityType: 'student_profile',
            entityId: e.profileId,
            action: 'student.sevis-event.batched',
            after: { sevisEventId: e.id, eventType: e.eventType, action: e.action, batchId, orgId: s.orgId },
            ip: o.ip,
          };
        }),
      );
      await writeAudit(tx, {
        institutionId: s.institutionId,
        actorUserId: o.actorUserId,
        entityType: 'sevis_batch',
        entityId: batchRowId,
        action: 'sevis.batch-created',
        after: { batchId, orgId: s.orgId, kind, recordCount: b.included.length, held: b.held.length, sevisUserId: o.sevisUserId },
        ip: o.ip,
      });
      result.batches.push({ id: batchRowId, batchId, orgId: s.orgId, recordCount: b.included.length });
      result.batchedEvents += b.included.length;
    }
  }
  return result;
}

/**
 * Holds back what a batch could not take, with the reason on each event and one audit entry each; an
 * event held again for the same reason is not news (the nightly job retries it).
 */
async function holdBack(
  tx: TTx,
  s: TSettingsRow,
  o: { actorUserId: string | null; ip?: string | undefined },
  byId: Map<string, TEventRow>,
  held: { eventId: string; message: string }[],
  batchId: string,
): Promise<void> {
  const news = held.flatMap((h) => {
    const e = byId.get(h.eventId);
    return e && !(e.status === 'held' && e.message === h.message) ? [{ e, message: h.message }] : [];
  });
  await holdSevisEvents(
    tx,
    news.map((x) => ({ eventId: x.e.id, message: x.message })),
  );
  await writeAuditMany(
    tx,
    news.map(({ e, message }) => ({
      institutionId: s.institutionId,
      actorUserId: o.actorUserId,
      entityType: 'student_profile',
      entityId: e.profileId,
      action: 'student.sevis-event.held',
      after: { sevisEventId: e.id, eventType: e.eventType, action: e.action, message, batchId },
      ip: o.ip,
    })),
  );
}

/**
 * The records of a new batch, in one statement whose rows travel as one JSON parameter: drizzle's
 * multi-row insert binds seven parameters a record, and building that statement took about three times
 * as long as running it.
 */
async function insertBatchRecords(
  tx: TTx,
  institutionId: string,
  batchRowId: string,
  records: { eventId: string; profileId: string; recordKind: string; sevisRequestId: string }[],
): Promise<void> {
  const rows = JSON.stringify(
    records.map((r) => ({ event_id: r.eventId, profile_id: r.profileId, record_kind: r.recordKind, sevis_request_id: r.sevisRequestId })),
  );
  await tx.execute(sql`
    insert into sevis_batch_records (institution_id, batch_row_id, event_id, profile_id, record_kind, sevis_request_id, status)
    select ${institutionId}::uuid, ${batchRowId}::uuid, x.event_id, x.profile_id, x.record_kind, x.sevis_request_id, 'sent'
    from jsonb_to_recordset(${rows}::jsonb) as x(event_id uuid, profile_id uuid, record_kind text, sevis_request_id text)`);
}

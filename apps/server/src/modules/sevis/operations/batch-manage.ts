import { asc, eq } from 'drizzle-orm';
import { sevisApi } from '@meridian/domain';
import type { z } from 'zod';
import { writeAudit } from '../../../platform/audit/audit.js';
import type { TTx } from '../../../platform/db/database.js';
import { forbidden, notFound } from '../../../platform/errors/app-error.js';
import { requireActor, type TContext } from '../../../platform/http/context.js';
import { markBatchEventsSent, sevisPendingEvents, studentProfiles } from '../../students/index.js';
import { pendingEvents, pendingGroups } from '../queries/batch-pending.query.js';
import { batchRow, listBatchRows, presentBatch } from '../queries/batch-list.query.js';
import { sevisBatches, sevisBatchRecords, sevisSenders } from '../schema.js';

/** The program kinds (F, J) the user sends batches of, from SEVIS Permissions (DSO, ARO). */
export async function senderKinds(tx: TTx, userId: string): Promise<Set<string>> {
  const rows = await tx.select({ kind: sevisSenders.kind }).from(sevisSenders).where(eq(sevisSenders.userId, userId));
  return new Set(rows.map((r) => (r.kind === 'DSO' ? 'F' : 'J')));
}

/** Batch Manager: pending and held events by OrgID. */
export async function listPendingGroups(ctx: TContext): Promise<{ items: sevisApi.TPendingGroup[] }> {
  const actor = requireActor(ctx);
  return ctx.db(async (tx) => ({ items: await pendingGroups(tx, actor, await senderKinds(tx, actor.userId)) }));
}

export async function listPendingEvents(ctx: TContext, q: z.output<typeof sevisApi.ZListPendingEventsQuery>) {
  const actor = requireActor(ctx);
  return ctx.db((tx) => pendingEvents(tx, actor, q));
}

export async function listBatches(ctx: TContext, q: z.output<typeof sevisApi.ZListBatchesQuery>) {
  const actor = requireActor(ctx);
  return ctx.db(async (tx) => {
    const kinds = await senderKinds(tx, actor.userId);
    const { total, rows } = await listBatchRows(tx, actor, q);
    return { total, page: q.page, pageSize: q.pageSize, items: rows.map((r) => presentBatch(r, kinds)) };
  });
}

/** One batch with its records; a batch of a site the actor does not batch answers 404. */
export async function getBatch(ctx: TContext, batchRowId: string): Promise<sevisApi.TSevisBatchDetail> {
  const actor = requireActor(ctx);
  return ctx.db(async (tx) => {
    const row = await batchRow(tx, actor, batchRowId);
    if (!row) throw notFound();
    const records = await tx
      .select({
        r: sevisBatchRecords,
        firstName: studentProfiles.firstName,
        lastName: studentProfiles.lastName,
        sevisId: studentProfiles.sevisId,
        eventType: sevisPendingEvents.eventType,
        action: sevisPendingEvents.action,
      })
      .from(sevisBatchRecords)
      .innerJoin(studentProfiles, eq(studentProfiles.id, sevisBatchRecords.profileId))
      .innerJoin(sevisPendingEvents, eq(sevisPendingEvents.id, sevisBatchRecords.eventId))
      .where(eq(sevisBatchRecords.batchRowId, batchRowId))
      .orderBy(asc(studentProfiles.lastName), asc(studentProfiles.firstName), asc(sevisBatchRecords.id));
    return {
      ...presentBatch(row, await senderKinds(tx, actor.userId)),
      records: records.map((x) => ({
        id: x.r.id,
        eventId: x.r.eventId,
        profileId: x.r.profileId,
        firstName: x.firstName,
        lastName: x.lastName,
        sevisId: x.sevisId,
        eventType: x.eventType,
        action: x.action,
        recordKind: x.r.recordKind as 'create' | 'update',
        sevisRequestId: x.r.sevisRequestId,
        status: x.r.status,
        resultCode: x.r.resultCode,
        resultMessage: x.r.resultMessage,
      })),
    };
  });
}

/** The batch XML and its file name (the batch id), for upload to SEVIS by hand; the download is audited. */
export async function downloadBatchXml(ctx: TContext, batchRowId: string): Promise<{ fileName: string; xml: string }> {
  const actor = requireActor(ctx);
  return ctx.db(async (tx) => {
    const row = await batchRow(tx, actor, batchRowId);
    if (!row) throw notFound();
    await writeAudit(tx, {
      institutionId: ctx.institutionId,
      actorUserId: actor.userId,
      entityType: 'sevis_batch',
      entityId: row.b.id,
      action: 'sevis.batch-downloaded',
      after: { batchId: row.b.batchId },
      ip: ctx.ip,
    });
    return { fileName: `${row.b.batchId}.xml`, xml: row.b.xml };
  });
}

/** "Mark sent": the batch was uploaded by hand; it and its events await results. Only its DSO/ARO senders may. */
export async function markBatchSent(ctx: TContext, batchRowId: string): Promise<sevisApi.TSevisBatch> {
  const actor = requireActor(ctx);
  return ctx.db(async (tx) => {
    const row = await batchRow(tx, actor, batchRowId);
    if (!row) throw notFound();
    const kinds = await senderKinds(tx, actor.userId);
    if (!kinds.has(row.programKind)) throw forbidden(sevisApi.SEVIS_MSG.notSender, 'NOT_SENDER');
    if (row.b.status !== 'pending') return presentBatch(row, kinds);
    const now = new Date();
    await tx
      .update(sevisBatches)
      .set({ status: 'sent', sentVia: 'manual', sentBy: actor.userId, sentAt: now, updatedAt: now })
      .where(eq(sevisBatches.id, batchRowId));
    const events = await markBatchEventsSent(tx, batchRowId, now);
    for (const e of events) {
      await writeAudit(tx, {
        institutionId: ctx.institutionId,
        actorUserId: actor.userId,
        entityType: 'student_profile',
        entityId: e.profileId,
        action: 'student.sevis-event.sent',
        after: { sevisEventId: e.id, eventType: e.eventType, batchId: row.b.batchId },
        ip: ctx.ip,
      });
    }
    await writeAudit(tx, {
      institutionId: ctx.institutionId,
      actorUserId: actor.userId,
      entityType: 'sevis_batch',
      entityId: batchRowId,
      action: 'sevis.batch-marked-sent',
      before: { status: row.b.status },
      after: { status: 'sent', sentVia: 'manual' },
      ip: ctx.ip,
    });
    return presentBatch({ ...row, b: { ...row.b, status: 'sent', sentVia: 'manual', sentAt: now } }, kinds);
  });
}

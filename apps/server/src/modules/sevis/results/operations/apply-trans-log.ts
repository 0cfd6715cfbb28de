import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { canActOnSite, sevisApi } from '@meridian/domain';
import { writeAudit } from '../../../../platform/audit/audit.js';
import type { TTx } from '../../../../platform/db/database.js';
import { isUniqueViolation } from '../../../../platform/db/errors.js';
import { AppError } from '../../../../platform/errors/app-error.js';
import { requireActor, type TContext } from '../../../../platform/http/context.js';
import { applyRecordChange, lockProfile, recordSevisEventResult, sevisPendingEvents } from '../../../students/index.js';
import { sevisBatches, sevisBatchRecords, sevisSettings, sevisTransactionLogs, type TBatchRow } from '../../schema.js';
import { batchOutcome, canonicalTransLog, type TParsedLog } from '../trans-log-parse.js';
import { batchRecordResults, presentLog, type TLogRow } from '../trans-log.presenter.js';
import { assignDependentIds, assignSiteIds, assignTippIds } from '../dependent-sevis-ids.js';

const M = sevisApi.TRANSLOG_MSG;

/** The batch a log answers, when the actor reaches its campus site (else, as for any record, not found). */
async function findBatch(tx: TTx, ctx: TContext, orgId: string, batchId: string, lock: boolean): Promise<TBatchRow> {
  const q = tx
    .select({ b: sevisBatches, siteId: sevisSettings.campusSiteId })
    .from(sevisBatches)
    .innerJoin(sevisSettings, eq(sevisSettings.id, sevisBatches.settingsId))
    .where(and(eq(sevisBatches.orgId, orgId), eq(sevisBatches.batchId, batchId)));
  const [row] = lock ? await q.for('update', { of: sevisBatches }) : await q;
  if (!row || !canActOnSite(requireActor(ctx).staff, row.siteId, 'sevisBatch'))
    throw new AppError(400, 'VALIDATION', M.noBatch, { file: [M.noBatch] });
  return row.b;
}

/**
 * Applies a parsed log to its batch in the caller's transaction; answers what it did. `onRecord` hears
 * how many of the batch's records are done, of how many.
 */
export async function applyTransLog(
  tx: TTx,
  ctx: TContext,
  log: TParsedLog,
  sha256: string,
  fileName: string,
  onRecord: (done: number, total: number) => void = () => {},
): Promise<sevisApi.TTransLogImportOutput> {
  const actor = requireActor(ctx);
  const duplicate = async (row: TLogRow): Promise<sevisApi.TTransLogImportOutput> => {
    const [b] = row.batchRowId
      ? await tx.select({ status: sevisBatches.status }).from(sevisBatches).where(eq(sevisBatches.id, row.batchRowId))
      : [];
    return {
      log: await presentLog(tx, row),
      isDuplicate: true,
      message: M.duplicate,
      batchStatus: b?.status ?? '',
      records: row.batchRowId ? await batchRecordResults(tx, row.batchRowId) : [],
      formsFound: 0,
      formsStored: 0,
      unknownRequestIds: [],
    };
  };
  const findSame = async () => (await tx.select().from(sevisTransactionLogs).where(eq(sevisTransactionLogs.sha256, sha256)))[0];
  const before = await findSame();
  if (before) return duplicate(before);
  const batch = await findBatch(tx, ctx, log.orgId, log.batchId, true);
  if (batch.status === 'rebuilt') throw new AppError(400, 'VALIDATION', M.rebuilt, { file: [M.rebuilt] });
  // Another import of the same file may have finished while this one waited for the batch lock.
  const raced = await findSame();
  if (raced) return duplicate(raced);

  const outcome = batchOutcome(log);
  const insertLog = async (v: Partial<typeof sevisTransactionLogs.$inferInsert>) => {
    try {
      const [row] = await tx
        .insert(sevisTransactionLogs)
        .values({
          institutionId: ctx.institutionId,
          batchRowId: batch.id,
          orgId: log.orgId,
          batchId: log.batchId,
          fileName: fileName.slice(0, 200),
          sha256,
          resultCode: outcome.code,
          resultMessage: outcome.message,
          importedBy: actor.userId,
          ...v,
        })
        .returning();
      return row!;
    } catch (e) {
      if (isUniqueViolation(e)) throw new AppError(409, 'DUPLICATE', M.duplicate);
      throw e;
    }
  };
  if (outcome.kind === 'not-processed') {
    const row = await insertLog({});
    await writeAudit(tx, {
      institutionId: ctx.institutionId,
      actorUserId: actor.userId,
      entityType: 'sevis_batch',
      entityId: batch.id,
      action: 'sevis.batch.results-not-ready',
      after: { batchId: batch.batchId, resultCode: outcome.code, logId: row.id },
      ip: ctx.ip,
    });
    return {
      log: await presentLog(tx, row),
      isDuplicate: false,
      message: M.notProcessed,
      batchStatus: batch.status,
      records: [],
      formsFound: 0,
      formsStored: 0,
      unknownRequestIds: [],
    };
  }

  const recs = await tx
    .select({ r: sevisBatchRecords, dependentId: sevisPendingEvents.dependentId })
    .from(sevisBatchRecords)
    .leftJoin(sevisPendingEvents, eq(sevisPendingEvents.id, sevisBatchRecords.eventId))
    .where(eq(sevisBatchRecords.batchRowId, batch.id));
  const byRequest = new Map(log.records.map((r) => [r.requestId, r]));
  const ours = new Set(recs.map(({ r }) => r.sevisRequestId));
  // A result for a requestID this batch never carried cannot be applied: it is reported, not dropped silently.
  const unknownRequestIds = outcome.kind === 'processed' ? log.records.map((r) => r.requestId).filter((id) => !ours.has(id)) : [];
  let succeeded = 0;
  let failed = 0;
  const now = new Date();
  onRecord(0, recs.length);
  for (const [i, { r, dependentId }] of recs.entries()) {
    onRecord(i, recs.length);
    const logRec = byRequest.get(r.sevisRequestId);
    let status: 'succeeded' | 'failed';
    let code: string;
    let message: string;
    if (outcome.kind === 'failed') {
      status = 'failed';
      code = outcome.code;
      message = `The whole batch was refused by SEVIS: ${outcome.message}.`;
    } else if (logRec) {
      status = logRec.isSuccess ? 'succeeded' : 'failed';
      code = logRec.isSuccess ? 'S0000' : logRec.errorCode || outcome.code;
      message = logRec.isSuccess ? 'Accepted by SEVIS' : logRec.errorMessage || 'Refused by SEVIS';
    } else {
      // Not in the log: it keeps waiting (a later log of the same batch may carry it).
      failed += r.status === 'failed' ? 1 : 0;
      succeeded += r.status === 'succeeded' ? 1 : 0;
      continue;
    }
    const assignedSevisId = status === 'succeeded' && r.recordKind === 'create' ? (logRec?.sevisId ?? null) : r.assignedSevisId;
    await tx
      .update(sevisBatchRecords)
      .set({ status, resultCode: code, resultMessage: message.slice(0, 1000), assignedSevisId, updatedAt: now })
      .where(eq(sevisBatchRecords.id, r.id));
    await recordSevisEventResult(tx, r.eventId, { status, resultCode: code, message }, now);
    if (status === 'succeeded') succeeded += 1;
    else failed += 1;
    const after: Record<string, unknown> = {
      sevisEventId: r.eventId,
      batchId: batch.batchId,
      requestId: r.sevisRequestId,
      status,
      resultCode: code,
      message,
    };
    if (status === 'succeeded' && logRec) {
      if (assignedSevisId) {
        const p = await lockProfile(tx, r.profileId);
        if (!p.sevisId) {
          try {
            // Its own savepoint: a record the students module refuses (e.g. a duplicate) must not undo the whole log.
            await tx.transaction((sp) =>
              applyRecordChange(sp, ctx, p, { sevisId: assignedSevisId }, 'student.sevis-id.assigned', {
                batchId: batch.batchId,
                requestId: r.sevisRequestId,
              }),
            );
            after.sevisId = assignedSevisId;
          } catch (e) {
            if (!(e instanceof AppError)) throw e;
            after.note = `SEVIS assigned ${assignedSevisId}, but the record could not take it: ${e.message}`;
            await tx
              .update(sevisBatchRecords)
              .set({
                resultMessage:
                  `Accepted by SEVIS as ${assignedSevisId}; the SEVIS ID could not be stored on the record: ${e.message}`.slice(0, 1000),
              })
              .where(eq(sevisBatchRecords.id, r.id));
          }
        } else if (p.sevisId !== assignedSevisId) {
          after.note = `SEVIS assigned ${assignedSevisId}; the record keeps ${p.sevisId}`;
        }
      }
      const deps = await assignDependentIds(tx, ctx, batch, r, dependentId, logRec);
      if (deps.assigned.length) after.dependentSevisIds = deps.assigned;
      if (deps.unmatched.length) after.unmatchedDependentSevisIds = deps.unmatched;
      // T/IPP sites and phases first (those the batch carried), then sites of activity by name.
      const tipp = await assignTippIds(tx, ctx, batch, r, logRec.sites);
      if (tipp.assigned) after.tippSitesNamed = tipp.assigned;
      const sites = await assignSiteIds(tx, ctx, batch, r, tipp.others);
      if (sites.length) after.siteSevisIds = sites;
    }
    await writeAudit(tx, {
      institutionId: ctx.institutionId,
      actorUserId: actor.userId,
      entityType: 'student_profile',
      entityId: r.profileId,
      action: 'sevis.result.imported',
      after,
      ip: ctx.ip,
    });
  }
  onRecord(recs.length, recs.length);
  const batchStatus = failed === 0 && succeeded === recs.length ? 'completed' : 'completed_with_errors';
  await tx
    .update(sevisBatches)
    .set({ status: batchStatus, resultCode: outcome.code, resultMessage: outcome.message, completedAt: now, updatedAt: now })
    .where(eq(sevisBatches.id, batch.id));
  const row = await insertLog({ succeededCount: succeeded, failedCount: failed });
  await writeAudit(tx, {
    institutionId: ctx.institutionId,
    actorUserId: actor.userId,
    entityType: 'sevis_batch',
    entityId: batch.id,
    action: 'sevis.batch.results-imported',
    before: { status: batch.status },
    after: { status: batchStatus, resultCode: outcome.code, succeeded, failed, logId: row.id, fileName, unknownRequestIds },
    ip: ctx.ip,
  });
  const records = await batchRecordResults(tx, batch.id);
  const message =
    outcome.kind === 'failed'
      ? `SEVIS refused the whole batch (${outcome.code} ${outcome.message}): every record is marked failed; rebuild the batch (Batch Manager) to send them again under a new batch id.`
      : `${succeeded} record${succeeded === 1 ? '' : 's'} succeeded, ${failed} failed.` +
        (unknownRequestIds.length ? ` ${M.unknownRecords(unknownRequestIds)}` : '');
  return {
    log: await presentLog(tx, row),
    isDuplicate: false,
    message,
    batchStatus,
    records,
    formsFound: 0,
    formsStored: 0,
    unknownRequestIds,
  };
}

/** The SHA-256 of a text, hex. */
export const sha256Of = (s: string) => createHash('sha256').update(s, 'utf8').digest('hex');

/** A transaction log imported twice is known by the SHA-256 of its canonical form (whitespace and line endings aside). */
export const logFingerprint = (xml: string) => sha256Of(canonicalTransLog(xml));

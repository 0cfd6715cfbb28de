import { createHash } from 'node:crypto';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { XMLParser } from 'fast-xml-parser';
import { canActOnSite, sevisApi, textOf } from '@meridian/domain';
import { writeAudit } from '../../../platform/audit/audit.js';
import type { TTx } from '../../../platform/db/database.js';
import { isUniqueViolation } from '../../../platform/db/errors.js';
import { AppError } from '../../../platform/errors/app-error.js';
import { requireActor, type TContext } from '../../../platform/http/context.js';
import { users } from '../../people/index.js';
import {
  applyRecordChange,
  assignDependentSevisId,
  lockProfile,
  recordSevisEventResult,
  sevisPendingEvents,
  studentDependents,
  studentProfiles,
} from '../../students/index.js';
import { sevisBatches, sevisBatchRecords, sevisSettings, sevisTransactionLogs } from '../schema.js';
import { batchOutcome, parseTransLog, readTransLogUpload, validateTransLog, type TLogRecord, type TParsedLog } from './translog-parse.js';
import { storePrintedForms } from './translog-forms.js';

const M = sevisApi.TRANSLOG_MSG;
type TLogRow = typeof sevisTransactionLogs.$inferSelect;
type TBatchRow = typeof sevisBatches.$inferSelect;

export async function presentLog(tx: TTx, row: TLogRow): Promise<sevisApi.TTransLogSummary> {
  const [u] = row.importedBy
    ? await tx.select({ f: users.firstName, l: users.lastName }).from(users).where(eq(users.id, row.importedBy))
    : [];
  return {
    id: row.id,
    fileName: row.fileName,
    orgId: row.orgId,
    batchId: row.batchId,
    batchRowId: row.batchRowId,
    resultCode: row.resultCode,
    resultMessage: row.resultMessage,
    succeededCount: row.succeededCount,
    failedCount: row.failedCount,
    importedBy: u ? `${u.f} ${u.l}` : '',
    importedAt: row.importedAt.toISOString(),
  };
}

/** The result of each record of a batch as stored (what the log did to it). */
export async function batchRecordResults(tx: TTx, batchRowId: string): Promise<sevisApi.TTransLogRecordResult[]> {
  const rows = await tx
    .select({
      r: sevisBatchRecords,
      first: studentProfiles.firstName,
      last: studentProfiles.lastName,
      visaType: studentProfiles.visaType,
      profileSevisId: studentProfiles.sevisId,
      eventType: sevisPendingEvents.eventType,
      action: sevisPendingEvents.action,
    })
    .from(sevisBatchRecords)
    .leftJoin(studentProfiles, eq(studentProfiles.id, sevisBatchRecords.profileId))
    .leftJoin(sevisPendingEvents, eq(sevisPendingEvents.id, sevisBatchRecords.eventId))
    .where(eq(sevisBatchRecords.batchRowId, batchRowId))
    .orderBy(asc(sevisBatchRecords.createdAt), asc(sevisBatchRecords.sevisRequestId));
  const deps = rows.length
    ? await tx
        .select({ profileId: studentDependents.profileId, sevisId: studentDependents.sevisId })
        .from(studentDependents)
        .where(inArray(studentDependents.profileId, [...new Set(rows.map((x) => x.r.profileId))]))
    : [];
  return rows.map(({ r, first, last, visaType, profileSevisId, eventType, action }) => ({
    requestId: r.sevisRequestId,
    sevisId: r.assignedSevisId ?? (r.recordKind === 'update' ? profileSevisId : null),
    status: r.status === 'succeeded' || r.status === 'failed' ? r.status : 'unmatched',
    resultCode: r.resultCode,
    message: r.resultMessage,
    profileId: r.profileId,
    studentName: [last, first].filter(Boolean).join(', '),
    visaType: visaType ?? '',
    eventType: `${eventType ?? ''}${action && action !== eventType ? ` / ${action}` : ''}`,
    dependentSevisIds: r.recordKind === 'create' ? deps.filter((d) => d.profileId === r.profileId && d.sevisId).map((d) => d.sevisId!) : [],
  }));
}

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

const xmlParser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  parseTagValue: false,
  processEntities: true,
  preserveOrder: false,
});
type TNode = Record<string, unknown>;
const txt = (v: unknown): string =>
  (v === undefined || v === null ? '' : typeof v === 'object' ? txt((v as TNode)['#text']) : textOf(v)).trim();

/** The dependents a create record of the sent batch carried, in order (names, birth date, user-defined fields). */
function sentDependents(batchXml: string, requestId: string): { first: string; last: string; birthDate: string; userDefinedB: string }[] {
  if (!batchXml) return [];
  let found: TNode | null = null;
  const walk = (n: unknown) => {
    if (found || !n || typeof n !== 'object') return;
    if (Array.isArray(n)) {
      n.forEach(walk);
      return;
    }
    const o = n as TNode;
    if (o['@_requestID'] === requestId) {
      found = o;
      return;
    }
    Object.values(o).forEach(walk);
  };
  try {
    walk(xmlParser.parse(batchXml));
  } catch {
    return [];
  }
  const out: { first: string; last: string; birthDate: string; userDefinedB: string }[] = [];
  const collect = (n: unknown, key: string) => {
    if (!n || typeof n !== 'object') return;
    if (Array.isArray(n)) {
      n.forEach((x) => collect(x, key));
      return;
    }
    const o = n as TNode;
    if (key === 'Dependent' && (o.FullName || o.BirthDate)) {
      const name = (o.FullName ?? {}) as TNode;
      out.push({ first: txt(name.FirstName), last: txt(name.LastName), birthDate: txt(o.BirthDate), userDefinedB: txt(o.UserDefinedB) });
      return;
    }
    for (const [k, v] of Object.entries(o)) collect(v, k);
  };
  if (found) collect(found, '');
  return out;
}

/** SEVIS IDs of the dependents a record's result names: by the update event's dependent, else by the order and names the batch sent. */
async function assignDependentIds(
  tx: TTx,
  ctx: TContext,
  batch: TBatchRow,
  rec: typeof sevisBatchRecords.$inferSelect,
  dependentId: string | null,
  logRec: TLogRecord,
): Promise<string[]> {
  const withIds = logRec.dependents.filter((d) => d.sevisId);
  if (!withIds.length) return [];
  const ours = await tx
    .select()
    .from(studentDependents)
    .where(eq(studentDependents.profileId, rec.profileId))
    .orderBy(asc(studentDependents.createdAt));
  const assigned: string[] = [];
  const setId = async (depId: string, sevisId: string) => {
    const dep = ours.find((d) => d.id === depId);
    if (!dep || dep.sevisId === sevisId) return;
    await assignDependentSevisId(tx, depId, sevisId);
    await writeAudit(tx, {
      institutionId: ctx.institutionId,
      actorUserId: ctx.actor?.userId ?? null,
      entityType: 'student_dependent',
      entityId: depId,
      action: 'student.dependent.sevis-id.assigned',
      before: { sevisId: dep.sevisId },
      after: { sevisId, batchId: batch.batchId, requestId: rec.sevisRequestId },
      ip: ctx.ip,
    });
    dep.sevisId = sevisId;
    assigned.push(sevisId);
  };
  if (dependentId) {
    await setId(dependentId, withIds[0]!.sevisId!);
    return assigned;
  }
  const sent = sentDependents(batch.xml, rec.sevisRequestId);
  const norm = (s: string) => s.trim().toLowerCase();
  for (const [i, d] of logRec.dependents.entries()) {
    if (!d.sevisId || ours.some((o) => o.sevisId === d.sevisId)) continue;
    const s = (d.userDefinedB && sent.find((x) => x.userDefinedB === d.userDefinedB)) || sent[i];
    const match = s
      ? ours.find(
          (o) =>
            !o.sevisId &&
            norm(o.firstName) === norm(s.first) &&
            norm(o.lastName) === norm(s.last) &&
            (!s.birthDate || o.birthDate === s.birthDate),
        )
      : undefined;
    // Without the sent XML to go by, the i-th dependent still waiting for its id (the order the batch was built in).
    const fallback = !s ? ours.filter((o) => !o.sevisId && o.status === 'Active')[0] : undefined;
    const target = match ?? fallback;
    if (target) await setId(target.id, d.sevisId);
  }
  return assigned;
}

/** Applies a parsed log to its batch in the caller's transaction; answers what it did. */
export async function applyTransLog(
  tx: TTx,
  ctx: TContext,
  log: TParsedLog,
  sha256: string,
  fileName: string,
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
    };
  };
  const findSame = async () => (await tx.select().from(sevisTransactionLogs).where(eq(sevisTransactionLogs.sha256, sha256)))[0];
  const before = await findSame();
  if (before) return duplicate(before);
  const batch = await findBatch(tx, ctx, log.orgId, log.batchId, true);
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
    };
  }

  const recs = await tx
    .select({ r: sevisBatchRecords, dependentId: sevisPendingEvents.dependentId })
    .from(sevisBatchRecords)
    .leftJoin(sevisPendingEvents, eq(sevisPendingEvents.id, sevisBatchRecords.eventId))
    .where(eq(sevisBatchRecords.batchRowId, batch.id));
  const byRequest = new Map(log.records.map((r) => [r.requestId, r]));
  let succeeded = 0;
  let failed = 0;
  const now = new Date();
  for (const { r, dependentId } of recs) {
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
      if (deps.length) after.dependentSevisIds = deps;
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
    after: { status: batchStatus, resultCode: outcome.code, succeeded, failed, logId: row.id, fileName },
    ip: ctx.ip,
  });
  const records = await batchRecordResults(tx, batch.id);
  const message =
    outcome.kind === 'failed'
      ? `SEVIS refused the whole batch (${outcome.code} ${outcome.message}): every record is marked failed.`
      : `${succeeded} record${succeeded === 1 ? '' : 's'} succeeded, ${failed} failed.`;
  return { log: await presentLog(tx, row), isDuplicate: false, message, batchStatus, records, formsFound: 0, formsStored: 0 };
}

export const sha256Of = (s: string) => createHash('sha256').update(s, 'utf8').digest('hex');

/** Import an uploaded log (XML or SEVIS's zip): validate, apply in one transaction, then file the printed forms. */
export async function importTransactionLog(
  ctx: TContext,
  file: { fileName: string; data: Buffer },
): Promise<sevisApi.TTransLogImportOutput> {
  const up = readTransLogUpload(file.fileName, file.data);
  await validateTransLog(up.xml);
  const log = parseTransLog(up.xml);
  const out = await ctx.db((tx) => applyTransLog(tx, ctx, log, sha256Of(up.xml), file.fileName));
  if (out.isDuplicate || !up.forms.length) return { ...out, formsFound: up.forms.length };
  const stored = await storePrintedForms(ctx, out.records, up.forms);
  return { ...out, formsFound: up.forms.length, formsStored: stored };
}

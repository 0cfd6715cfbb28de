import { asc, eq, inArray } from 'drizzle-orm';
import { type sevisApi } from '@meridian/domain';
import type { TTx } from '../../../platform/db/database.js';
import { users } from '../../people/index.js';
import { sevisPendingEvents, studentDependents, studentProfiles } from '../../students/index.js';
import { sevisBatchRecords, type sevisTransactionLogs } from '../schema.js';

export type TLogRow = typeof sevisTransactionLogs.$inferSelect;

/** A transaction log as its list shows it, with who imported it. */
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

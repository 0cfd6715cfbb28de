import { and, inArray, lt } from 'drizzle-orm';
import { writeAudit } from '../../../../platform/audit/audit.js';
import { systemContext, type TServices } from '../../../../platform/http/context.js';
import { listInstitutions } from '../../../../platform/tenancy/institutions.js';
import { studentImports } from '../../schema.js';

/** How long an upload that was never imported keeps its rows (names, birth dates, e-mails). */
export const IMPORT_PREVIEW_RETENTION_DAYS = 14;

/**
 * Personal data must not linger: an upload previewed (or refused) but neither imported nor discarded
 * within the retention period is discarded by the daily job, its rows and error report erased; its
 * line in the upload history stays (file, who, when, counts) with an audit event saying why.
 */
export async function expireStaleImportPreviews(services: TServices, now = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - IMPORT_PREVIEW_RETENTION_DAYS * 24 * 3600 * 1000);
  const all = await listInstitutions(services.database);
  let expired = 0;
  for (const inst of all) {
    const ctx = systemContext(services, inst);
    expired += await ctx.db(async (tx) => {
      const rows = await tx
        .update(studentImports)
        .set({ status: 'discarded', rows: [], errors: [], warnings: [], updatedAt: now })
        .where(and(inArray(studentImports.status, ['previewed', 'failed']), lt(studentImports.createdAt, cutoff)))
        .returning({ id: studentImports.id, fileName: studentImports.fileName });
      for (const r of rows) {
        await writeAudit(tx, {
          institutionId: inst.id,
          actorUserId: null,
          entityType: 'student_import',
          entityId: r.id,
          action: 'student-import.expired',
          after: {
            fileName: r.fileName,
            reason: `Not imported within ${IMPORT_PREVIEW_RETENTION_DAYS} days: the uploaded rows were erased.`,
          },
        });
      }
      return rows.length;
    });
  }
  return expired;
}

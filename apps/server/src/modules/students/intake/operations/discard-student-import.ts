import { eq } from 'drizzle-orm';
import { type studentsApi } from '@meridian/domain';
import { writeAudit } from '../../../../platform/audit/audit.js';
import { conflict } from '../../../../platform/errors/app-error.js';
import { requireActor, type TContext } from '../../../../platform/http/context.js';
import { studentImports } from '../../schema.js';
import { loadImportSummary } from '../import-summary.js';

/** Discards a preview: nothing is created and the stored rows are dropped. */
export async function discardStudentImport(ctx: TContext, importId: string): Promise<studentsApi.TStudentImportSummary> {
  const actor = requireActor(ctx);
  return ctx.db(async (tx) => {
    await loadImportSummary(tx, ctx, importId);
    const [locked] = await tx
      .select({ status: studentImports.status })
      .from(studentImports)
      .where(eq(studentImports.id, importId))
      .for('update');
    if (locked!.status === 'committed') throw conflict('This upload has already been imported; it can no longer be discarded.');
    if (locked!.status === 'discarded') return loadImportSummary(tx, ctx, importId);
    await tx
      .update(studentImports)
      .set({ status: 'discarded', rows: [], warnings: [], updatedAt: new Date() })
      .where(eq(studentImports.id, importId));
    await writeAudit(tx, {
      institutionId: ctx.institutionId,
      actorUserId: actor.userId,
      entityType: 'student_import',
      entityId: importId,
      action: 'student-import.discarded',
      ip: ctx.ip,
    });
    return loadImportSummary(tx, ctx, importId);
  });
}

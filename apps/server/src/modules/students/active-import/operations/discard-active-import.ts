import { and, eq, isNull } from 'drizzle-orm';
import type { studentsApi } from '@meridian/domain';
import { writeAudit } from '../../../../platform/audit/audit.js';
import { requireActor, type TContext } from '../../../../platform/http/context.js';
import { activeStudentImportRows, activeStudentImports } from '../../schema.js';
import { loadActiveImport, presentActiveImport } from '../active-imports.js';

/**
 * Discards an import: nothing more is applied from it, and the rows no apply took are erased (they hold the
 * feed's personal data); rows already applied stay, with their outcome. Discarding twice changes nothing.
 */
export function discardActiveImport(ctx: TContext, importId: string): Promise<studentsApi.TActiveImportSummary> {
  const actor = requireActor(ctx);
  return ctx.db(async (tx) => {
    const imp = await loadActiveImport(tx, ctx, importId, true);
    if (imp.status === 'discarded') return presentActiveImport(tx, imp);
    await tx
      .delete(activeStudentImportRows)
      .where(and(eq(activeStudentImportRows.importId, imp.id), isNull(activeStudentImportRows.outcome)));
    const [after] = await tx
      .update(activeStudentImports)
      .set({ status: 'discarded' })
      .where(eq(activeStudentImports.id, imp.id))
      .returning();
    await writeAudit(tx, {
      institutionId: ctx.institutionId,
      actorUserId: actor.userId,
      entityType: 'active_student_import',
      entityId: imp.id,
      action: 'active-student-import.discarded',
      before: { status: imp.status },
      after: { status: 'discarded', fileName: imp.fileName },
      ip: ctx.ip,
    });
    return presentActiveImport(tx, after!);
  });
}

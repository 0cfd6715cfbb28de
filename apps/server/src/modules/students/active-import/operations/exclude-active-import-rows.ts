import { and, eq, inArray, isNull } from 'drizzle-orm';
import { studentsApi } from '@meridian/domain';
import { writeAudit } from '../../../../platform/audit/audit.js';
import { conflict } from '../../../../platform/errors/app-error.js';
import { requireActor, type TContext } from '../../../../platform/http/context.js';
import { activeStudentImportRows } from '../../schema.js';
import { loadActiveImport, presentActiveImport } from '../active-imports.js';

/**
 * Leaves rows with changes out of the apply (or takes them in again). Only rows with changes not yet applied
 * move: a row an apply already took keeps its outcome (the row lock waits for an apply under way).
 */
export function excludeActiveImportRows(
  ctx: TContext,
  importId: string,
  input: studentsApi.TActiveImportExclusionInput,
): Promise<{ updated: number; import: studentsApi.TActiveImportSummary }> {
  const actor = requireActor(ctx);
  return ctx.db(async (tx) => {
    const imp = await loadActiveImport(tx, ctx, importId);
    if (imp.status === 'discarded') throw conflict(studentsApi.ACTIVE_IMPORT_MSG_API.discarded);
    const t = activeStudentImportRows;
    const moved = await tx
      .update(t)
      .set({ excluded: input.excluded })
      .where(
        and(
          eq(t.importId, imp.id),
          inArray(t.id, input.rowIds),
          eq(t.class, 'changed'),
          isNull(t.outcome),
          eq(t.excluded, !input.excluded),
        ),
      )
      .returning({ id: t.id, rowNo: t.rowNo });
    if (moved.length)
      await writeAudit(tx, {
        institutionId: ctx.institutionId,
        actorUserId: actor.userId,
        entityType: 'active_student_import',
        entityId: imp.id,
        action: input.excluded ? 'active-student-import.excluded' : 'active-student-import.included',
        after: { rows: moved.map((m) => m.rowNo).sort((a, b) => (a ?? 0) - (b ?? 0)) },
        ip: ctx.ip,
      });
    return { updated: moved.length, import: await presentActiveImport(tx, imp) };
  });
}

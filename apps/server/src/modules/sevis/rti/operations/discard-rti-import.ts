import { eq } from 'drizzle-orm';
import { type sevisApi } from '@meridian/domain';
import { writeAudit } from '../../../../platform/audit/audit.js';
import { AppError } from '../../../../platform/errors/app-error.js';
import { type TContext } from '../../../../platform/http/context.js';
import { rtiImports } from '../../schema.js';
import { loadRtiImport, presentRtiImport } from '../rti-imports.js';

/** Discards an import: nothing more is applied from it (rows applied already stay applied). */
export async function discardRtiImport(ctx: TContext, importId: string): Promise<sevisApi.TRtiImportSummary> {
  return ctx.db(async (tx) => {
    const imp = await loadRtiImport(tx, ctx, importId, true);
    if (imp.status === 'discarded') return presentRtiImport(tx, imp);
    if (imp.status === 'applied') throw new AppError(409, 'CONFLICT', 'This import was applied; it stays in the history.');
    const [row] = await tx.update(rtiImports).set({ status: 'discarded' }).where(eq(rtiImports.id, imp.id)).returning();
    await writeAudit(tx, {
      institutionId: ctx.institutionId,
      actorUserId: ctx.actor?.userId ?? null,
      entityType: 'rti_import',
      entityId: imp.id,
      action: 'sevis.rti.discarded',
      ip: ctx.ip,
    });
    return presentRtiImport(tx, row!);
  });
}

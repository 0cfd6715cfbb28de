import { and, eq, type SQL } from 'drizzle-orm';
import { sevisApi } from '@meridian/domain';
import type { TTx } from '../../../platform/db/database.js';
import { notFound } from '../../../platform/errors/app-error.js';
import { requireActor, type TContext } from '../../../platform/http/context.js';
import { users } from '../../people/index.js';
import { rtiImports } from '../schema.js';

/** The RTI import's messages. */
export const RTI_MSG = sevisApi.RTI_MSG;

type TImportRow = typeof rtiImports.$inferSelect;

/** An RTI import as its list and page show it, with who uploaded it. */
export async function presentRtiImport(tx: TTx, row: TImportRow): Promise<sevisApi.TRtiImportSummary> {
  const [u] = row.createdBy
    ? await tx.select({ f: users.firstName, l: users.lastName }).from(users).where(eq(users.id, row.createdBy))
    : [];
  return {
    id: row.id,
    fileName: row.fileName,
    kind: row.kind,
    status: row.status as 'preview',
    rowCount: row.rowCount,
    changedCount: row.changedCount,
    newCount: row.newCount,
    errorCount: row.errorCount,
    updatedCount: row.updatedCount,
    insertedCount: row.insertedCount,
    createdBy: u ? `${u.f} ${u.l}` : '',
    createdAt: row.createdAt.toISOString(),
    appliedAt: row.appliedAt?.toISOString() ?? null,
  };
}

/** Whose imports the actor sees: a super user every import, an officer their own (the rows hold other sites' students). */
export function importScope(ctx: TContext): SQL | undefined {
  const actor = requireActor(ctx);
  return actor.staff?.isSuper ? undefined : eq(rtiImports.createdBy, actor.userId);
}

/** An RTI import the caller may see (404 otherwise), locked when it is about to change. */
export async function loadRtiImport(tx: TTx, ctx: TContext, importId: string, lock = false): Promise<TImportRow> {
  const q = tx
    .select()
    .from(rtiImports)
    .where(and(eq(rtiImports.id, importId), importScope(ctx)));
  const [row] = lock ? await q.for('update') : await q;
  if (!row) throw notFound();
  return row;
}

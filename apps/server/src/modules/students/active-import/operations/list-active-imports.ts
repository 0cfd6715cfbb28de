import { desc, sql } from 'drizzle-orm';
import type { studentsApi } from '@meridian/domain';
import type { TContext } from '../../../../platform/http/context.js';
import { activeStudentImports } from '../../schema.js';
import { importScope, loadActiveImport, presentActiveImport, presentActiveImports } from '../active-imports.js';

/** The caller's imports (a super user's: every import), newest first, paged. */
export function listActiveImports(ctx: TContext, q: { page: number; pageSize: number }) {
  return ctx.db(async (tx) => {
    const where = importScope(ctx);
    const [{ n }] = (await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(activeStudentImports)
      .where(where)) as [{ n: number }];
    const rows = await tx
      .select()
      .from(activeStudentImports)
      .where(where)
      .orderBy(desc(activeStudentImports.createdAt), desc(activeStudentImports.id))
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize);
    return { items: await presentActiveImports(tx, rows), total: n, page: q.page, pageSize: q.pageSize };
  });
}

/** One import the caller may see (404 otherwise). */
export function getActiveImport(ctx: TContext, importId: string): Promise<studentsApi.TActiveImportSummary> {
  return ctx.db(async (tx) => presentActiveImport(tx, await loadActiveImport(tx, ctx, importId)));
}

import { desc, sql } from 'drizzle-orm';
import type { scholarsApi } from '@meridian/domain';
import type { TContext } from '../../../../platform/http/context.js';
import { assertHrUpdatesOn, hrImportScope, loadHrImport, presentHrImport, presentHrImports } from '../hr-imports.js';
import { scholarHrImports } from '../schema.js';

/** The caller's HR feed comparisons (a super user's: all), newest first, paged. */
export function listHrImports(ctx: TContext, q: { page: number; pageSize: number }) {
  return ctx.db(async (tx) => {
    await assertHrUpdatesOn(tx, ctx);
    const where = hrImportScope(ctx);
    const [{ n }] = (await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(scholarHrImports)
      .where(where)) as [{ n: number }];
    const rows = await tx
      .select()
      .from(scholarHrImports)
      .where(where)
      .orderBy(desc(scholarHrImports.createdAt), desc(scholarHrImports.id))
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize);
    return { items: await presentHrImports(tx, rows), total: n, page: q.page, pageSize: q.pageSize };
  });
}

/** One comparison the caller may see (404 otherwise). */
export function getHrImport(ctx: TContext, importId: string): Promise<scholarsApi.THrImportSummary> {
  return ctx.db(async (tx) => presentHrImport(tx, await loadHrImport(tx, ctx, importId)));
}

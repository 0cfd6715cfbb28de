import { desc, sql } from 'drizzle-orm';
import { type TContext } from '../../../../platform/http/context.js';
import { rtiImports } from '../../schema.js';
import { importScope, presentRtiImport } from '../rti-imports.js';

/** History of RTI imports, newest first. */
export async function listRtiImports(ctx: TContext, q: { page: number; pageSize: number }) {
  return ctx.db(async (tx) => {
    const where = importScope(ctx);
    const [{ n }] = (await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(rtiImports)
      .where(where)) as [{ n: number }];
    const rows = await tx
      .select()
      .from(rtiImports)
      .where(where)
      .orderBy(desc(rtiImports.createdAt), desc(rtiImports.id))
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize);
    const items = [];
    for (const r of rows) items.push(await presentRtiImport(tx, r));
    return { items, total: n, page: q.page, pageSize: q.pageSize };
  });
}

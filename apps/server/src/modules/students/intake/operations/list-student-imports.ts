import { and, count, desc, eq } from 'drizzle-orm';
import { requireActor, type TContext } from '../../../../platform/http/context.js';
import { users } from '../../../people/index.js';
import { studentImports } from '../../schema.js';
import { importScope, summaryColumns, summaryOf } from '../import-summary.js';

/** History of uploads, newest first. */
export async function listStudentImports(ctx: TContext, q: { page: number; pageSize: number; status: string }) {
  const actor = requireActor(ctx);
  const where = and(importScope(actor), q.status === 'all' ? undefined : eq(studentImports.status, q.status));
  return ctx.db(async (tx) => {
    const [{ total }] = (await tx.select({ total: count() }).from(studentImports).where(where)) as [{ total: number }];
    const rows = await tx
      .select(summaryColumns)
      .from(studentImports)
      .leftJoin(users, eq(users.id, studentImports.createdBy))
      .where(where)
      .orderBy(desc(studentImports.createdAt), desc(studentImports.id))
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize);
    return { items: rows.map((r) => summaryOf(r, r)), total: Number(total), page: q.page, pageSize: q.pageSize };
  });
}

import { and, asc, count, desc, eq, ilike, sql } from 'drizzle-orm';
import { type lettersApi } from '@meridian/domain';
import type { z } from 'zod';
import type { TContext } from '../../../platform/http/context.js';
import { users } from '../../people/index.js';
import { letterTemplates } from '../schema.js';

type TQuery = z.output<typeof lettersApi.ZListLetterTemplatesQuery>;

/** The letter templates, one page, sorted and filtered in the database. */
export async function listLetterTemplates(ctx: TContext, q: TQuery) {
  return ctx.db(async (tx) => {
    const where = and(
      eq(letterTemplates.isDeleted, false),
      q.search ? ilike(letterTemplates.name, `%${q.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`) : undefined,
      q.recordKind ? eq(letterTemplates.recordKind, q.recordKind) : undefined,
      q.activeOnly === 'true' ? eq(letterTemplates.isActive, true) : undefined,
    );
    const dir = q.direction === 'desc' ? desc : asc;
    const order = q.sort === 'updatedAt' ? [dir(letterTemplates.updatedAt)] : [dir(sql`lower(${letterTemplates.name})`)];
    const [rows, [total]] = await Promise.all([
      tx
        .select({ t: letterTemplates, firstName: users.firstName, lastName: users.lastName })
        .from(letterTemplates)
        .leftJoin(users, eq(users.id, letterTemplates.updatedBy))
        .where(where)
        .orderBy(...order, asc(letterTemplates.id))
        .limit(q.pageSize)
        .offset((q.page - 1) * q.pageSize),
      tx.select({ n: count() }).from(letterTemplates).where(where),
    ]);
    return {
      items: rows.map(({ t, firstName, lastName }) => ({
        id: t.id,
        name: t.name,
        recordKind: t.recordKind,
        defaultVisibility: t.defaultVisibility,
        isActive: t.isActive,
        updatedAt: t.updatedAt.toISOString(),
        updatedByName: firstName ? `${firstName} ${lastName}`.trim() : null,
      })),
      total: total?.n ?? 0,
      page: q.page,
      pageSize: q.pageSize,
    };
  });
}

import { and, asc, count, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { TListStaffQuery } from '@meridian/domain';
import type { TTx } from '../../../platform/db/database.js';
import { users } from '../schema.js';

const SORTS = {
  lastName: [users.lastName, users.firstName],
  userName: [users.userName],
  email: [users.email],
  lastLoginAt: [users.lastLoginAt],
} as const;

/** Staff list: filtered, sorted and paged in the database. */
export async function listStaffQuery(tx: TTx, q: TListStaffQuery) {
  const where: SQL[] = [eq(users.role, 'isssAdmin')];
  if (q.status === 'active') where.push(eq(users.isActive, true));
  if (q.status === 'inactive') where.push(eq(users.isActive, false));
  if (q.q) {
    const like = `%${q.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    where.push(
      or(
        ilike(users.userName, like),
        ilike(users.email, like),
        ilike(users.firstName, like),
        ilike(users.lastName, like),
        ilike(sql`${users.firstName} || ' ' || ${users.lastName}`, like),
      )!,
    );
  }
  const dir = q.order === 'desc' ? desc : asc;
  const order = [
    ...SORTS[q.sort].map((c) => (q.sort === 'lastLoginAt' ? sql`${c} ${sql.raw(q.order)} nulls last` : dir(c))),
    asc(users.id),
  ];
  const [{ total }] = (await tx
    .select({ total: count() })
    .from(users)
    .where(and(...where))) as [{ total: number }];
  const rows = await tx
    .select()
    .from(users)
    .where(and(...where))
    .orderBy(...order)
    .limit(q.pageSize)
    .offset((q.page - 1) * q.pageSize);
  return { rows, total: Number(total) };
}

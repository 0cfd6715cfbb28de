import { and, asc, desc, eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import { addDays, startOfDayIn, type messagesApi } from '@meridian/domain';
import { requireActor, type TContext } from '../../../platform/http/context.js';
import { outbox } from '../../../platform/mail/schema.js';
import { presentItem } from './sent-mail.presenter.js';
import { sentMailScope } from './sent-mail.policy.js';

type TQuery = messagesApi.TListSentMailQuery;

/** LIKE pattern of a literal part: %, _ and \ match only themselves. */
const contains = (s: string) => `%${s.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

const ORDER = {
  createdAt: outbox.createdAt,
  to: sql`lower(${outbox.toAddress})`,
  subject: sql`lower(${outbox.subject})`,
  status: outbox.status,
} as const;

/**
 * The Sent Email list (docs/product/messages.md#sent-email): the actor's scope, the search (recipient,
 * copies or subject) and filters, one page in the chosen order. Dates are the office's calendar days.
 */
export async function listSentMail(ctx: TContext, q: TQuery) {
  const actor = requireActor(ctx);
  const where: SQL[] = [sentMailScope(actor)];
  if (q.q) {
    const like = contains(q.q);
    where.push(
      sql`(lower(${outbox.toAddress}) like ${like} or lower(${outbox.subject}) like ${like} or lower(array_to_string(${outbox.cc}, ' ')) like ${like})`,
    );
  }
  if (q.status) where.push(eq(outbox.status, q.status));
  if (q.category) where.push(eq(outbox.category, q.category));
  if (q.purpose) where.push(eq(outbox.purpose, q.purpose));
  if (q.from) where.push(gte(outbox.createdAt, startOfDayIn(q.from, { timeZone: ctx.timeZone })));
  // The last day allowed (12/31/9999) has no next day: up to it means no upper bound.
  if (q.to && q.to < '9999-12-31') where.push(lt(outbox.createdAt, startOfDayIn(addDays(q.to, 1), { timeZone: ctx.timeZone })));
  const dir = q.dir === 'asc' ? asc : desc;
  return ctx.db(async (tx) => {
    const filter = and(...where);
    const [count] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(outbox)
      .where(filter);
    const rows = await tx
      .select()
      .from(outbox)
      .where(filter)
      .orderBy(dir(ORDER[q.sort]), dir(outbox.id))
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize);
    return { items: rows.map(presentItem), total: count?.n ?? 0, page: q.page, pageSize: q.pageSize };
  });
}

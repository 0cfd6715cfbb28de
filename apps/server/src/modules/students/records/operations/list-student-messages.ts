import { desc, eq, or, sql, type SQL } from 'drizzle-orm';
import type { messagesApi } from '@meridian/domain';
import type { TContext } from '../../../../platform/http/context.js';
import { outbox } from '../../../../platform/mail/schema.js';
import { presentRecordItem } from '../../../messages/index.js';
import { getAccessibleProfile } from '../../student.policy.js';

/**
 * The record's Message Center (docs/product/messages.md#message-center): every e-mail linked to the record,
 * and older ones (sent before messages were linked) matched by the record's address; newest first, paged.
 */
export async function listStudentMessages(ctx: TContext, profileId: string, page: { page: number; pageSize: number }) {
  return ctx.db(async (tx) => {
    const p = await getAccessibleProfile(tx, ctx, profileId, 'read');
    const about: SQL[] = [eq(outbox.profileId, p.id)];
    if (p.email) about.push(sql`(${outbox.profileId} is null and lower(${outbox.toAddress}) = lower(${p.email}))`);
    const where = or(...about);
    const [count] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(outbox)
      .where(where);
    const rows = await tx
      .select()
      .from(outbox)
      .where(where)
      .orderBy(desc(outbox.createdAt), desc(outbox.id))
      .limit(page.pageSize)
      .offset((page.page - 1) * page.pageSize);
    const out: { items: messagesApi.TRecordMessageItem[]; total: number; page: number; pageSize: number } = {
      items: rows.map(presentRecordItem),
      total: count?.n ?? 0,
      page: page.page,
      pageSize: page.pageSize,
    };
    return out;
  });
}

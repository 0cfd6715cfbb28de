import { desc, sql } from 'drizzle-orm';
import type { TContext } from '../../../../platform/http/context.js';
import { outbox } from '../../../../platform/mail/schema.js';
import { getAccessibleProfile } from '../../student.policy.js';

/** E-mails sent to the student's address (and their portal account's), newest first. */
export async function listStudentMessages(ctx: TContext, profileId: string) {
  return ctx.db(async (tx) => {
    const p = await getAccessibleProfile(tx, ctx, profileId, 'read');
    if (!p.email) return [];
    const rows = await tx
      .select()
      .from(outbox)
      .where(sql`lower(${outbox.toAddress}) = lower(${p.email})`)
      .orderBy(desc(outbox.createdAt))
      .limit(200);
    return rows.map((m) => ({
      id: m.id,
      subject: m.subject,
      textBody: m.textBody,
      purpose: m.purpose,
      status: m.status,
      createdAt: m.createdAt.toISOString(),
    }));
  });
}

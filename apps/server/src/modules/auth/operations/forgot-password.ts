import { and, eq, ne, sql } from 'drizzle-orm';
import { MSG } from '@meridian/domain';
import { writeAudit } from '../../../platform/audit/audit.js';
import type { TContext } from '../../../platform/http/context.js';
import { users } from '../../people/schema.js';
import { sendPasswordLink } from '../password-links.js';

/** Sends a reset link when an active account has this e-mail; the answer never tells which. */
export async function forgotPassword(ctx: TContext, input: { email: string; portal: 'scholar' | 'student' }): Promise<{ message: string }> {
  await ctx.db(async (tx) => {
    const roleFilter = input.portal === 'student' ? eq(users.role, 'ISSSstudent') : ne(users.role, 'ISSSstudent');
    const matches = await tx
      .select()
      .from(users)
      .where(and(eq(sql`lower(${users.email})`, input.email.toLowerCase()), eq(users.isActive, true), roleFilter));
    for (const user of matches) {
      await sendPasswordLink(tx, ctx, user, 'reset');
      await writeAudit(tx, { institutionId: ctx.institutionId, actorUserId: null, entityType: 'user', entityId: user.id, action: 'auth.password-reset.requested', ip: ctx.ip });
    }
  });
  return { message: MSG.resetLinkSent };
}

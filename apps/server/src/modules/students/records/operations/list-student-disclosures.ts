import { and, desc, eq, inArray, or, sql } from 'drizzle-orm';
import { auditApi } from '@meridian/domain';
import { type TContext } from '../../../../platform/http/context.js';
import { auditEvents } from '../../../audit/index.js';
import { users } from '../../../people/index.js';
import { getAccessibleProfile } from '../../student.policy.js';

/** What counts as showing a record to someone: opening it, a letter written from it, and exports or downloads naming it. */
const DISCLOSING_ACTIONS = ['student.viewed', 'letter.generated'];

/**
 * A record's disclosures (docs/product/logs.md#disclosures): who opened it, wrote a letter from it or
 * exported it, when and from where; newest first, paged. For staff who reach the record (404 otherwise).
 */
export async function listStudentDisclosures(
  ctx: TContext,
  profileId: string,
  page: number,
  pageSize: number,
): Promise<{ items: auditApi.TDisclosure[]; total: number; page: number; pageSize: number }> {
  return ctx.db(async (tx) => {
    await getAccessibleProfile(tx, ctx, profileId, 'read');
    const where = and(
      inArray(auditEvents.entityType, ['student_profile', 'student_profile_read']),
      eq(auditEvents.entityId, profileId),
      or(
        inArray(auditEvents.action, DISCLOSING_ACTIONS),
        sql`${auditEvents.action} like '%export%'`,
        sql`${auditEvents.action} like '%download%'`,
      ),
    );
    const [count] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(auditEvents)
      .where(where);
    const rows = await tx
      .select({ e: auditEvents, firstName: users.firstName, lastName: users.lastName, email: users.email })
      .from(auditEvents)
      .leftJoin(users, eq(users.id, auditEvents.actorUserId))
      .where(where)
      .orderBy(desc(auditEvents.at), desc(auditEvents.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize);
    const items = rows.map(({ e, firstName, lastName, email }) => ({
      id: String(e.id),
      at: e.at.toISOString(),
      actorName: firstName !== null ? `${firstName} ${lastName ?? ''}`.trim() : null,
      actorEmail: email,
      action: e.action,
      actionLabel: auditApi.auditActionLabel(e.action),
      ip: e.ip,
    }));
    return { items, total: count?.n ?? 0, page, pageSize };
  });
}

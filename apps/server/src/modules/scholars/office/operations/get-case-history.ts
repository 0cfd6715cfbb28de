import { and, eq, inArray, or, sql } from 'drizzle-orm';
import { type TAuditEvent } from '@meridian/domain';
import { type TContext } from '../../../../platform/http/context.js';
import { auditPage } from '../../../audit/index.js';
import { attachments } from '../../../attachments/index.js';
import { auditEvents } from '../../../audit/index.js';
import { getAccessibleCase } from '../../scholar.policy.js';
import { caseRequestIds } from '../case-requests.js';

/** History Log: the case's own events and those of its engine requests (files and comments included), newest first. */
export async function getCaseHistory(
  ctx: TContext,
  applicationId: string,
  page: number,
  pageSize: number,
): Promise<{ items: TAuditEvent[]; total: number; page: number; pageSize: number }> {
  return ctx.db(async (tx) => {
    const { c } = await getAccessibleCase(tx, ctx, applicationId, 'office');
    const all = await caseRequestIds(tx, [c.id]);
    const where = or(
      and(eq(auditEvents.entityType, 'scholar_application'), eq(auditEvents.entityId, c.id)),
      all.length ? and(eq(auditEvents.entityType, 'request'), inArray(auditEvents.entityId, all)) : undefined,
      all.length
        ? and(
            eq(auditEvents.entityType, 'attachment'),
            inArray(
              auditEvents.entityId,
              sql`(select ${attachments.id}::text from ${attachments} where ${inArray(attachments.requestId, all)})`,
            ),
          )
        : undefined,
    )!;
    return auditPage(tx, where, page, pageSize);
  });
}

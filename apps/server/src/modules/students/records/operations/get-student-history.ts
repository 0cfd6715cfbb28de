import { and, eq, inArray, or, sql } from 'drizzle-orm';
import { type TAuditEvent } from '@meridian/domain';
import { type TContext } from '../../../../platform/http/context.js';
import { auditEvents, auditPage } from '../../../audit/index.js';
import { requests } from '../../../requests/index.js';
import { studentDependents, studentSitesOfActivity } from '../../schema.js';
import { getAccessibleProfile } from '../../student.policy.js';
import { requestsOf } from '../related-records.js';

/** History Log of a record: its events, those of its dependents and sites, and those of its requests (as on its Requests tab); newest first. */
export async function getStudentHistory(
  ctx: TContext,
  profileId: string,
  page: number,
  pageSize: number,
): Promise<{ items: TAuditEvent[]; total: number; page: number; pageSize: number }> {
  return ctx.db(async (tx) => {
    const p = await getAccessibleProfile(tx, ctx, profileId, 'read');
    const where = or(
      and(eq(auditEvents.entityType, 'student_profile'), eq(auditEvents.entityId, profileId)),
      and(
        eq(auditEvents.entityType, 'student_dependent'),
        inArray(
          auditEvents.entityId,
          sql`(select ${studentDependents.id}::text from ${studentDependents} where ${studentDependents.profileId} = ${profileId})`,
        ),
      ),
      and(
        eq(auditEvents.entityType, 'student_site_of_activity'),
        inArray(
          auditEvents.entityId,
          sql`(select ${studentSitesOfActivity.id}::text from ${studentSitesOfActivity} where ${studentSitesOfActivity.profileId} = ${profileId})`,
        ),
      ),
      and(
        eq(auditEvents.entityType, 'request'),
        inArray(auditEvents.entityId, sql`(select ${requests.id}::text from ${requests} where ${requestsOf(p)})`),
      ),
    )!;
    return auditPage(tx, where, page, pageSize);
  });
}

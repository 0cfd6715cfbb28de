import { desc, eq } from 'drizzle-orm';
import type { TContext } from '../../../../platform/http/context.js';
import { requests, requestTypes } from '../../../requests/index.js';
import { getAccessibleProfile } from '../../student.policy.js';
import { requestsOf } from '../related-records.js';

/** The record's requests for its Requests tab (drafts too, so staff see what a student started). */
export async function listStudentRequests(ctx: TContext, profileId: string) {
  return ctx.db(async (tx) => {
    const p = await getAccessibleProfile(tx, ctx, profileId, 'read');
    const rows = await tx
      .select({ r: requests, typeName: requestTypes.name })
      .from(requests)
      .innerJoin(requestTypes, eq(requestTypes.id, requests.requestTypeId))
      .where(requestsOf(p))
      .orderBy(desc(requests.updatedAt))
      .limit(200);
    return rows.map(({ r, typeName }) => ({
      id: r.id,
      number: r.number,
      typeName,
      status: r.status,
      submittedAt: r.submittedAt?.toISOString() ?? null,
      updatedAt: r.updatedAt.toISOString(),
    }));
  });
}

import { desc, eq } from 'drizzle-orm';
import { type scholarsApi } from '@meridian/domain';
import { type TContext } from '../../../../platform/http/context.js';
import { users } from '../../../people/index.js';
import { requests, requestTypes } from '../../../requests/index.js';
import { getAccessibleCase } from '../../scholar.policy.js';
import { scholarRequestsWhere } from '../case-requests.js';
import { describeCaseRequests } from '../../case-requests-described.js';
import { isoOrNull } from '../office-case.js';

/** Requests tab: the scholar's engine requests, newest first. */
export async function listCaseRequests(ctx: TContext, applicationId: string): Promise<scholarsApi.TCaseRequest[]> {
  return ctx.db(async (tx) => {
    const { c, scholar } = await getAccessibleCase(tx, ctx, applicationId, 'office');
    const rows = await tx
      .select({
        r: requests,
        typeCode: requestTypes.code,
        typeName: requestTypes.name,
        firstName: users.firstName,
        lastName: users.lastName,
      })
      .from(requests)
      .innerJoin(requestTypes, eq(requestTypes.id, requests.requestTypeId))
      .leftJoin(users, eq(users.id, requests.requesterUserId))
      .where(await scholarRequestsWhere(tx, scholar))
      .orderBy(desc(requests.createdAt), desc(requests.number));
    // A case's own requests read where their case stands, in the case's words (docs/product/statuses.md#who-reads-it).
    const described = await describeCaseRequests(
      tx,
      rows.map((x) => x.r),
    );
    return rows.map(({ r, typeCode, typeName, firstName, lastName }) => ({
      id: r.id,
      number: r.number,
      typeCode,
      typeName,
      status: r.status,
      requesterName: firstName ? `${firstName} ${lastName}` : null,
      submittedAt: isoOrNull(r.submittedAt),
      updatedAt: r.updatedAt.toISOString(),
      isOfThisCase: r.id === c.sponsorshipRequestId || r.id === c.applicationRequestId,
      case: described.get(r.id)?.case ?? null,
    }));
  });
}

import { eq } from 'drizzle-orm';
import { scholarsApi } from '@meridian/domain';
import { notFound } from '../../../../platform/errors/app-error.js';
import { type TContext } from '../../../../platform/http/context.js';
import { departments } from '../../../people/index.js';
import { getOwnCurrentCase } from '../../scholar.policy.js';

/** A scholar's own sponsorship request, read-only. */
export async function getMySponsorshipRequest(ctx: TContext): Promise<scholarsApi.TMySponsorshipRequest> {
  return ctx.db(async (tx) => {
    const { c, scholar } = await getOwnCurrentCase(tx, ctx).catch(() => {
      throw notFound('No sponsorship request has been made for you yet.');
    });
    const [dept] = await tx.select({ name: departments.name }).from(departments).where(eq(departments.id, c.departmentId));
    return {
      firstName: scholar.firstName,
      lastName: scholar.lastName,
      email: scholar.email,
      departmentName: dept?.name ?? '',
      proposedStatus: c.proposedStatus,
      proposedStartDate: c.proposedStartDate,
      proposedEndDate: c.proposedEndDate,
      position: c.position,
      hiringAuthorityName: c.hiringAuthorityName,
      sponsorshipState: c.sponsorshipState,
      processedState: c.processedState,
      statusText: scholarsApi.caseStatusInWords(c),
      isProcessed: c.processedState !== '',
    };
  });
}

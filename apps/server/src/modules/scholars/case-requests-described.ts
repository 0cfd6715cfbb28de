import { eq, inArray, or } from 'drizzle-orm';
import type { TTx } from '../../platform/db/database.js';
import type { TRequestDescription, TRequestRow } from '../requests/index.js';
import { scholarApplications, scholars } from './schema.js';

/**
 * The engine requests behind scholar cases, as lists show them (docs/product/requests.md#who-a-request-is-about):
 * each is about its scholar (invited or not), and stands where its case stands: a sponsorship request in the
 * sponsorship's words, an application in the application's.
 */
export async function describeCaseRequests(tx: TTx, rows: TRequestRow[]): Promise<Map<string, TRequestDescription>> {
  const ids = rows.map((r) => r.id);
  const out = new Map<string, TRequestDescription>();
  if (!ids.length) return out;
  const cases = await tx
    .select({
      id: scholarApplications.id,
      sponsorshipRequestId: scholarApplications.sponsorshipRequestId,
      applicationRequestId: scholarApplications.applicationRequestId,
      sponsorshipState: scholarApplications.sponsorshipState,
      applicationState: scholarApplications.applicationState,
      firstName: scholars.firstName,
      lastName: scholars.lastName,
      email: scholars.email,
    })
    .from(scholarApplications)
    .innerJoin(scholars, eq(scholars.id, scholarApplications.scholarId))
    .where(or(inArray(scholarApplications.sponsorshipRequestId, ids), inArray(scholarApplications.applicationRequestId, ids)));
  for (const c of cases) {
    const subject = { name: `${c.firstName} ${c.lastName}`.trim(), email: c.email };
    if (c.sponsorshipRequestId)
      out.set(c.sponsorshipRequestId, {
        subject,
        case: { scholarApplicationId: c.id, vocabulary: 'sponsorship', status: c.sponsorshipState },
      });
    if (c.applicationRequestId)
      out.set(c.applicationRequestId, {
        subject,
        case: { scholarApplicationId: c.id, vocabulary: 'scholarApplication', status: c.applicationState },
      });
  }
  return out;
}

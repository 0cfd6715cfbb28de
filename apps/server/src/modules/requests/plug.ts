import { sql } from 'drizzle-orm';
import { provideMergeSource } from '../messages/index.js';
import { provideCampusSiteUses, usesOf } from '../people/index.js';
import { requestMergeValues } from './merge-values.js';
import { requestAssignmentRules, requests } from './schema.js';

/** What the requests module adds to the layers below it: e-mails and letters about a request are filled from it. */
export function plugRequests(): void {
  provideMergeSource('request', requestMergeValues);
  // A campus site with requests cannot be deleted, only deactivated (docs/product/people.md#campus-sites).
  provideCampusSiteUses('requests', async (tx) =>
    usesOf(
      'requests',
      await tx
        .select({ siteId: requests.campusSiteId, count: sql<number>`count(*)::int` })
        .from(requests)
        .groupBy(requests.campusSiteId),
    ),
  );
  // Nor one that an assignment rule names (docs/product/requests.md#assignment-rules).
  provideCampusSiteUses('requestAssignmentRules', async (tx) =>
    usesOf(
      'assignmentRules',
      await tx
        .select({ siteId: requestAssignmentRules.campusSiteId, count: sql<number>`count(*)::int` })
        .from(requestAssignmentRules)
        .groupBy(requestAssignmentRules.campusSiteId),
    ),
  );
}

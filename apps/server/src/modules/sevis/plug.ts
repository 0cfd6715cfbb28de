import { sql } from 'drizzle-orm';
import { provideCampusSiteUses, usesOf } from '../people/index.js';
import { provideNewRecordSevisCheck } from '../students/index.js';
import { sevisSenders, sevisSettings } from './schema.js';
import { newRecordCreateProblems } from './xml/new-record-check.js';

/** What the SEVIS module adds to the layers below it. */
export function plugSevis(): void {
  // A batch upload of students says, row by row, what SEVIS will need to create each new record.
  provideNewRecordSevisCheck(newRecordCreateProblems);
  // A campus site with SEVIS settings or DSOs/AROs cannot be deleted, only deactivated (docs/product/people.md#campus-sites).
  provideCampusSiteUses('sevis', async (tx) => {
    const count = sql<number>`count(*)::int`;
    const settings = await tx.select({ siteId: sevisSettings.campusSiteId, count }).from(sevisSettings).groupBy(sevisSettings.campusSiteId);
    const senders = await tx.select({ siteId: sevisSenders.campusSiteId, count }).from(sevisSenders).groupBy(sevisSenders.campusSiteId);
    return [...usesOf('sevisSettings', settings), ...usesOf('sevisSettings', senders)];
  });
}

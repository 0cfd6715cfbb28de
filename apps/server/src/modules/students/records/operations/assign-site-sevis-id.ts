import { eq } from 'drizzle-orm';
import type { TTx } from '../../../../platform/db/database.js';
import { studentSitesOfActivity } from '../../schema.js';

/** SEVIS added a site of activity and named it by its SiteId (transaction log SiteOfActivity/SiteId): kept on the site. */
export async function assignSiteSevisId(tx: TTx, siteId: string, sevisSiteId: string): Promise<void> {
  await tx
    .update(studentSitesOfActivity)
    .set({ sevisSiteId: sevisSiteId.slice(0, 40), updatedAt: new Date() })
    .where(eq(studentSitesOfActivity.id, siteId));
}

import { and, eq } from 'drizzle-orm';
import { isOfficerForSite, ZStaffPermissions } from '@meridian/domain';
import type { TTx } from '../../../platform/db/database.js';
import { users } from '../schema.js';

/**
 * The office staff to tell about something at a campus site: the active officers of that site (for
 * something without a site, any officer, as the record policies let them reach it), else the super users.
 */
export async function siteOfficers(tx: TTx, campusSiteId: number | null): Promise<string[]> {
  const staff = await tx
    .select({ id: users.id, p: users.staffPermissions })
    .from(users)
    .where(and(eq(users.role, 'isssAdmin'), eq(users.isActive, true)));
  const parsed = staff.map((s) => ({ id: s.id, p: ZStaffPermissions.parse(s.p ?? {}) }));
  const officers = parsed.filter((s) => (campusSiteId === null ? s.p.isOfficer : isOfficerForSite(s.p, campusSiteId)));
  return (officers.length ? officers : parsed.filter((s) => s.p.isSuper)).map((s) => s.id);
}

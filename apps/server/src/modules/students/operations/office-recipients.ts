import { and, eq } from 'drizzle-orm';
import { isOfficerForSite, ZStaffPermissions } from '@meridian/domain';
import type { TTx } from '../../../platform/db/database.js';
import { users } from '../../people/schema.js';
import type { TProfileRow } from '../student.policy.js';

/** Office staff told of a student's progress or requests: officers of the record's campus site, else the super users. */
export async function officeRecipients(tx: TTx, p: TProfileRow): Promise<string[]> {
  const staff = await tx.select({ id: users.id, p: users.staffPermissions }).from(users).where(and(eq(users.role, 'isssAdmin'), eq(users.isActive, true)));
  const parsed = staff.map((s) => ({ id: s.id, p: ZStaffPermissions.parse(s.p ?? {}) }));
  const officers = parsed.filter((s) => (p.campusSiteId === null ? s.p.isOfficer : isOfficerForSite(s.p, p.campusSiteId)));
  return (officers.length ? officers : parsed.filter((s) => s.p.isSuper)).map((s) => s.id);
}

import { and, asc, eq } from 'drizzle-orm';
import { canActOnSite, sevisApi, ZStaffPermissions } from '@meridian/domain';
import type { z } from 'zod';
import type { TTx } from '../../../platform/db/database.js';
import { type TAuthenticatedActor } from '../../../platform/http/context.js';
import { campusSites, users } from '../../people/index.js';
import { configuresSite } from '../settings-scope.js';

/** What a SEVIS sender is saved from. */
export type TSevisSenderFields = z.output<typeof sevisApi.ZSevisSenderInput>;

/** Who sends for which program: F (students) or J (exchange visitors). */
export type TSenderKind = sevisApi.TSevisSenderKind;

/** A person's name as lists show it. */
export const fullName = (u: { firstName: string; lastName: string }) => `${u.firstName} ${u.lastName}`.trim();

const M = sevisApi.SEVIS_SENDER_MSG;

/** The campus sites whose SEVIS Permissions the caller keeps: super users all, officers theirs. */
export async function managedSites(tx: TTx, actor: TAuthenticatedActor): Promise<{ id: number; name: string }[]> {
  const sites = await tx.select({ id: campusSites.id, name: campusSites.name }).from(campusSites).orderBy(asc(campusSites.name));
  return sites.filter((s) => configuresSite(actor, s.id));
}

/**
 * Active office staff of the institution and the sites (of those given) whose batches they prepare: super
 * users, officers of the site, assistants with its sevisBatch flag. Only they may be named a sender there.
 */
export async function senderCandidates(tx: TTx, institutionId: string, siteIds: number[]) {
  const rows = await tx
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email, staff: users.staffPermissions })
    .from(users)
    .where(and(eq(users.institutionId, institutionId), eq(users.role, 'isssAdmin'), eq(users.isActive, true)))
    .orderBy(asc(users.lastName), asc(users.firstName));
  return rows
    .map((r) => {
      const staff = ZStaffPermissions.parse(r.staff ?? {});
      return { ...r, isSuper: staff.isSuper, campusSiteIds: siteIds.filter((site) => canActOnSite(staff, site, 'sevisBatch')) };
    })
    .filter((r) => r.campusSiteIds.length > 0);
}

/** Is this user a super user (their entry is then a super user's entry)? */
export async function isSuperUser(tx: TTx, userId: string): Promise<boolean> {
  const [u] = await tx.select({ staff: users.staffPermissions }).from(users).where(eq(users.id, userId));
  return !!u && ZStaffPermissions.parse(u.staff ?? {}).isSuper;
}

/**
 * Why the caller may not add or change (`save`) or remove an entry of someone at a site they manage, or null.
 * A sender signs what goes to SEVIS under their own SEVIS user id (the batch's userID, required by
 * Create-UpdateStudent.xsd and Create-UpdateExchangeVisitor.xsd), and DSOs and AROs are designated by the
 * school or sponsor (8 CFR 214.3(l)(1); 22 CFR 62.2): so a second person names them, never they themselves,
 * and only a super user touches a super user's entry. Giving up one's own entry is allowed.
 */
export function senderRefusal(
  actor: TAuthenticatedActor,
  target: { userId: string; isSuper: boolean; hasEntry: boolean },
  action: 'save' | 'remove',
): string | null {
  if (action === 'save' && target.userId === actor.userId) return M.ownEntry;
  if (target.hasEntry && target.isSuper && !actor.staff?.isSuper) return M.superUserEntry;
  return null;
}

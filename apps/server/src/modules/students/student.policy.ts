import { eq, inArray, isNotNull, isNull, or, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { assistantFlagsForSite, canActOnSite, isOfficerForSite, type TAssistantAction } from '@meridian/domain';
import type { TTx } from '../../platform/db/database.js';
import { forbidden, notFound } from '../../platform/errors/app-error.js';
import { requireActor, type TAuthenticatedActor, type TContext } from '../../platform/http/context.js';
import { studentProfiles } from './schema.js';

export type TProfileRow = typeof studentProfiles.$inferSelect;
/** read: see the record; edit: change it (assistants need editStudent for its site). */
export type TProfileAccess = 'read' | 'edit';

/**
 * The campus sites a staff member reaches in the student area (docs/product/people.md#campus-permission):
 * 'all' for super users and officers of any site; otherwise the officer sites plus the assistant sites
 * (0 = any site).
 */
export function reachableSites(actor: TAuthenticatedActor): 'all' | number[] {
  const p = actor.staff;
  if (actor.role !== 'isssAdmin' || !p) return [];
  if (p.isSuper) return 'all';
  const sites = new Set<number>();
  if (p.isOfficer) {
    if (p.officerSites.length === 0 || p.officerSites.includes(0)) return 'all';
    p.officerSites.forEach((s) => sites.add(s));
  }
  if (p.isAssistant) {
    if (p.assistantSites.includes(0)) return 'all';
    p.assistantSites.forEach((s) => sites.add(s));
  }
  return [...sites];
}

/**
 * SQL filter of the student records a staff member may list: the same reach as staffReachesProfile()
 * (records without a site: any officer, and super users), so a list never shows what cannot be opened
 * nor hides what can (students-list.test.ts holds the two equal). `site` is the campus-site column it
 * applies to: the record's, or the site of a stored count (list/title-counts.ts sums what the caller reaches).
 */
export function siteFilter(actor: TAuthenticatedActor, site: SQLWrapper = studentProfiles.campusSiteId): SQL {
  const reach = reachableSites(actor);
  if (actor.staff?.isSuper && actor.role === 'isssAdmin') return sql`true`;
  const parts: SQL[] = [];
  if (reach === 'all') parts.push(isNotNull(site));
  else if (reach.length) parts.push(inArray(site, reach));
  if (actor.staff?.isOfficer && actor.role === 'isssAdmin') parts.push(isNull(site));
  return parts.length ? (or(...parts) as SQL) : sql`false`;
}

/** May this staff member see / change this student record? */
export function staffReachesProfile(
  actor: TAuthenticatedActor,
  p: Pick<TProfileRow, 'campusSiteId'>,
  mode: TProfileAccess,
  action?: TAssistantAction,
): boolean {
  const staff = actor.staff;
  if (actor.role !== 'isssAdmin' || !staff) return false;
  if (staff.isSuper) return true;
  if (p.campusSiteId === null) return staff.isOfficer;
  if (mode === 'read') return isOfficerForSite(staff, p.campusSiteId) || assistantFlagsForSite(staff, p.campusSiteId) !== null;
  return canActOnSite(staff, p.campusSiteId, action ?? 'editStudent');
}

/**
 * Loads a student record the actor may access: staff by campus site, a student only their own.
 * 404 when they may not even read it (existence must not leak), 403 when they may read but not edit.
 */
export async function getAccessibleProfile(
  tx: TTx,
  ctx: TContext,
  profileId: string,
  mode: TProfileAccess,
  action?: TAssistantAction,
): Promise<TProfileRow> {
  const actor = requireActor(ctx);
  const [row] = await tx.select().from(studentProfiles).where(eq(studentProfiles.id, profileId));
  if (!row) throw notFound();
  const own = actor.role === 'ISSSstudent' && row.userId === actor.userId;
  if (own) {
    if (mode === 'edit') throw forbidden('Ask the office to change your record: send a correction request.');
    return row;
  }
  if (!staffReachesProfile(actor, row, 'read')) throw notFound();
  if (mode === 'edit' && !staffReachesProfile(actor, row, 'edit', action)) throw forbidden();
  return row;
}

/** The signed-in student's own record (404 when they have none). */
export async function getOwnProfile(tx: TTx, ctx: TContext): Promise<TProfileRow> {
  const actor = requireActor(ctx);
  const [row] = await tx.select().from(studentProfiles).where(eq(studentProfiles.userId, actor.userId));
  if (!row) throw notFound();
  return row;
}

import { eq } from 'drizzle-orm';
import { canActOnSite, scholarAreaAllows } from '@meridian/domain';
import type { TTx } from '../../platform/db/database.js';
import { forbidden, notFound } from '../../platform/errors/app-error.js';
import { requireActor, type TAuthenticatedActor, type TContext } from '../../platform/http/context.js';
import { requests } from './schema.js';

export type TRequestRow = typeof requests.$inferSelect;
export type TRequestAccess = 'read' | 'write' | 'process';

/** States in which the requester may still change what they submitted. */
export const REQUESTER_EDITABLE = new Set(['draft', 'clarification_requested']);

/** Staff reach over a request: super, officer for its site, or assistant with the process flag there. */
export function staffReaches(actor: TAuthenticatedActor, r: Pick<TRequestRow, 'campusSiteId'>): boolean {
  if (actor.role !== 'isssAdmin' || !actor.staff) return false;
  if (actor.staff.isSuper) return true;
  // A request without a campus site belongs to the whole office: officers of any site and super users.
  if (r.campusSiteId === null) return actor.staff.isOfficer;
  return canActOnSite(actor.staff, r.campusSiteId, 'processRequests');
}

/**
 * The scholar area's part of staff reach (docs/product/people.md#scholar-area-permission): a request about no
 * student record is a scholar's or a department's, and the office may narrow that area per person. Reading it
 * needs the area's view, processing it the area's process, and one of the person's departments when the office
 * limited them to some.
 */
export function scholarAreaReaches(
  actor: TAuthenticatedActor,
  r: Pick<TRequestRow, 'profileId' | 'departmentId'>,
  action: 'view' | 'process',
): boolean {
  if (r.profileId !== null) return true;
  const p = actor.staff;
  if (!scholarAreaAllows(p, action)) return false;
  if (p!.isSuper) return true;
  const { departmentIds } = p!.scholarArea;
  return departmentIds.length === 0 || (!!r.departmentId && departmentIds.includes(r.departmentId));
}

/** A check a module adds to staff reach over some requests (the scholar case a request belongs to, by its visa type). */
export type TStaffRequestGate = (tx: TTx, actor: TAuthenticatedActor, r: TRequestRow) => Promise<boolean>;
const staffGates = new Map<string, TStaffRequestGate>();

/** Registers a staff reach check (idempotent by name), from the composition root. */
export function registerStaffRequestGate(name: string, gate: TStaffRequestGate): void {
  staffGates.set(name, gate);
}

/**
 * Who may see or touch a request:
 * - read: the requester, the subject, their department's users, and staff who reach its site;
 * - write (answers, uploads): the requester or subject while it is a draft or awaiting clarification and not locked;
 * - process (review, assign, approve...): staff who reach its site.
 */
export function canAccessRequest(actor: TAuthenticatedActor, r: TRequestRow, mode: TRequestAccess): boolean {
  const own = r.requesterUserId === actor.userId || r.subjectUserId === actor.userId;
  const staff = staffReaches(actor, r);
  const dept = actor.role === 'department' && !!actor.departmentId && r.departmentId === actor.departmentId;
  if (mode === 'read') return own || (staff && scholarAreaReaches(actor, r, 'view')) || dept;
  if (mode === 'write') return (own || (dept && r.requesterUserId === actor.userId)) && REQUESTER_EDITABLE.has(r.status) && !r.isLocked;
  return staff && scholarAreaReaches(actor, r, 'process');
}

/**
 * Loads a request the actor may access in the given mode. Answers 404 when they may not even
 * read it (its existence must not leak) and 403 when they may read but not act.
 */
export async function getAccessibleRequest(tx: TTx, ctx: TContext, requestId: string, mode: TRequestAccess): Promise<TRequestRow> {
  const actor = requireActor(ctx);
  const [row] = await tx.select().from(requests).where(eq(requests.id, requestId));
  if (!row || !canAccessRequest(actor, row, 'read')) throw notFound();
  const own = row.requesterUserId === actor.userId || row.subjectUserId === actor.userId;
  if (actor.role === 'isssAdmin' && !own) for (const gate of staffGates.values()) if (!(await gate(tx, actor, row))) throw notFound();
  if (mode !== 'read' && !canAccessRequest(actor, row, mode)) {
    throw forbidden(mode === 'write' ? 'This request cannot be changed now.' : undefined);
  }
  return row;
}

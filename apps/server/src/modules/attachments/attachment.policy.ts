import { and, eq } from 'drizzle-orm';
import { canActOnSite } from '@meridian/domain';
import type { TTx } from '../../platform/db/database.js';
import { forbidden, notFound } from '../../platform/errors/app-error.js';
import { requireActor, type TAuthenticatedActor, type TContext } from '../../platform/http/context.js';
import { users } from '../people/index.js';
import { canAccessRequest, getAccessibleRequest, type TRequestRow } from '../requests/index.js';
import { recordParts } from './record-parts.js';
import { attachments } from './schema.js';

export type TAttachmentRow = typeof attachments.$inferSelect;

/**
 * How much of a record's files an actor sees:
 * - all: office staff who process the request (or reach the person);
 * - requester: the requester or subject, only files marked visible to them, active or rejected (never deleted);
 * - department: the department's users, only files marked visible to the department and active.
 */
export type TAttachmentView = 'all' | 'requester' | 'department';

export function requestView(actor: TAuthenticatedActor, r: TRequestRow): TAttachmentView {
  if (canAccessRequest(actor, r, 'process')) return 'all';
  if (r.requesterUserId === actor.userId || r.subjectUserId === actor.userId) return 'requester';
  return 'department';
}

export function isVisibleIn(
  row: Pick<TAttachmentRow, 'status' | 'isVisibleToRequester' | 'isVisibleToDepartment'>,
  view: TAttachmentView,
): boolean {
  if (row.status === 'deleted') return false;
  if (view === 'all') return true;
  // The requester also sees their rejected files (with the reason), so they know what to replace.
  if (view === 'requester') return row.isVisibleToRequester && (row.status === 'active' || row.status === 'rejected');
  return row.status === 'active' && row.isVisibleToDepartment;
}

/** Staff reach over a person's record: super, else officer/assistant (edit flag) for their campus site. */
export function staffReachesUser(actor: TAuthenticatedActor, u: { campusSiteId: number | null }): boolean {
  if (actor.role !== 'isssAdmin' || !actor.staff) return false;
  if (actor.staff.isSuper) return true;
  if (u.campusSiteId === null) return actor.staff.isOfficer;
  return canActOnSite(actor.staff, u.campusSiteId, 'editStudent');
}

/** Whose person's record the office keeps files and notes on: students and scholars (docs/product/attachments.md#uploading). */
const RECORD_ROLES: readonly string[] = ['ISSSstudent', 'scholar'];

/**
 * The view an actor has of one person's record files and notes; 404 when they have none. Staff reach
 * the record of a student or scholar of the institution at a campus site they reach; nobody else has
 * such a record (a staff member, department user or advisor chosen as the subject is not found).
 */
export async function userView(tx: TTx, ctx: TContext, userId: string): Promise<TAttachmentView> {
  const actor = requireActor(ctx);
  const [u] = await tx
    .select({ id: users.id, campusSiteId: users.campusSiteId, role: users.role })
    .from(users)
    .where(and(eq(users.id, userId), eq(users.institutionId, ctx.institutionId)));
  if (!u) throw notFound();
  if (RECORD_ROLES.includes(u.role) && staffReachesUser(actor, u)) return 'all';
  if (u.id === actor.userId) return 'requester';
  throw notFound();
}

export interface TVisibleAttachment {
  row: TAttachmentRow;
  view: TAttachmentView;
  request: TRequestRow | null;
}

/** Loads an attachment the actor may see (404 otherwise: its existence must not leak). */
export async function loadVisibleAttachment(tx: TTx, ctx: TContext, attachmentId: string): Promise<TVisibleAttachment> {
  const [row] = await tx.select().from(attachments).where(eq(attachments.id, attachmentId));
  if (!row || row.status === 'deleted') throw notFound();
  let view: TAttachmentView;
  let request: TRequestRow | null = null;
  if (row.requestId) {
    request = await getAccessibleRequest(tx, ctx, row.requestId, 'read');
    view = requestView(requireActor(ctx), request);
  } else if (row.subjectUserId) {
    view = await userView(tx, ctx, row.subjectUserId);
  } else if (row.profileId && (await recordParts().staffReachesRecord(tx, ctx, row.profileId))) {
    view = 'all';
  } else {
    throw notFound();
  }
  if (!isVisibleIn(row, view)) throw notFound();
  return { row, view, request };
}

/** Loads an attachment the actor manages (office staff over its request or person). */
export async function loadManagedAttachment(tx: TTx, ctx: TContext, attachmentId: string): Promise<TVisibleAttachment> {
  const v = await loadVisibleAttachment(tx, ctx, attachmentId);
  if (v.view !== 'all') throw forbidden();
  return v;
}

/** The uploader may remove their own file while the request is still theirs to change; staff always. */
export function canDeleteAttachment(actor: TAuthenticatedActor, v: TVisibleAttachment): boolean {
  if (v.row.status === 'deleted') return false;
  if (v.view === 'all') return true;
  return v.row.uploadedBy === actor.userId && !!v.request && canAccessRequest(actor, v.request, 'write');
}

import { inArray } from 'drizzle-orm';
import type { TAttachment } from '@meridian/domain';
import type { TTx } from '../../platform/db/database.js';
import type { TAuthenticatedActor } from '../../platform/http/context.js';
import { users } from '../people/index.js';
import { canDeleteAttachment, type TAttachmentRow, type TVisibleAttachment } from './attachment.policy.js';

/** Names of the uploaders of some rows, in one query. */
export async function uploaderNames(tx: TTx, rows: TAttachmentRow[]): Promise<Map<string, string>> {
  const ids = [...new Set(rows.map((r) => r.uploadedBy).filter((x): x is string => !!x))];
  if (ids.length === 0) return new Map();
  const found = await tx
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(inArray(users.id, ids));
  return new Map(found.map((u) => [u.id, `${u.firstName} ${u.lastName}`.trim()]));
}

/** Row to API shape, with what the caller may do with it. */
export function presentAttachment(v: TVisibleAttachment, actor: TAuthenticatedActor, names: Map<string, string>): TAttachment {
  const r = v.row;
  return {
    id: r.id,
    requestId: r.requestId,
    subjectUserId: r.subjectUserId,
    customDocumentId: r.customDocumentId,
    dependentId: r.dependentId,
    soaId: r.soaId,
    categoryId: r.categoryId,
    checklistItem: r.checklistItem,
    fileName: r.fileName,
    description: r.description,
    contentType: r.contentType,
    sizeBytes: r.sizeBytes,
    status: r.status as TAttachment['status'],
    // The reason is the office's note to the requester; others see it only where they see the file.
    rejectReason: r.rejectReason,
    isVisibleToRequester: r.isVisibleToRequester,
    isVisibleToDepartment: r.isVisibleToDepartment,
    linkedFromId: r.linkedFromId,
    uploadedBy: r.uploadedBy ? { userId: r.uploadedBy, name: names.get(r.uploadedBy) ?? '' } : null,
    createdAt: r.createdAt.toISOString(),
    canDelete: canDeleteAttachment(actor, v),
    canManage: v.view === 'all',
  };
}

/** What the audit trail keeps of a file (no content). */
export const attachmentAuditShape = (r: TAttachmentRow) => ({
  fileName: r.fileName,
  contentType: r.contentType,
  sizeBytes: r.sizeBytes,
  sha256: r.sha256,
  requestId: r.requestId,
  subjectUserId: r.subjectUserId,
  customDocumentId: r.customDocumentId,
  categoryId: r.categoryId,
  checklistItem: r.checklistItem,
  status: r.status,
  rejectReason: r.rejectReason,
  isVisibleToRequester: r.isVisibleToRequester,
  isVisibleToDepartment: r.isVisibleToDepartment,
  linkedFromId: r.linkedFromId,
});

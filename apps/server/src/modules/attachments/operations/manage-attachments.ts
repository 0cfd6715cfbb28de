import { and, asc, eq, ne } from 'drizzle-orm';
import type { TAttachment } from '@meridian/domain';
import { writeAudit } from '../../../platform/audit/audit.js';
import { badRequest, forbidden } from '../../../platform/errors/app-error.js';
import { requireActor, type TContext } from '../../../platform/http/context.js';
import { notify } from '../../notifications/index.js';
import { getAccessibleRequest } from '../../requests/index.js';
import { recordParts } from '../record-parts.js';
import {
  canDeleteAttachment,
  isVisibleIn,
  loadManagedAttachment,
  loadVisibleAttachment,
  requestView,
  userView,
  type TAttachmentRow,
  type TVisibleAttachment,
} from '../attachment.policy.js';
import { attachmentAuditShape, presentAttachment, uploaderNames } from '../attachment.presenter.js';
import { attachments } from '../schema.js';

async function present(
  ctx: TContext,
  tx: Parameters<Parameters<TContext['db']>[0]>[0],
  list: TVisibleAttachment[],
): Promise<TAttachment[]> {
  const actor = requireActor(ctx);
  const names = await uploaderNames(
    tx,
    list.map((v) => v.row),
  );
  return list.map((v) => presentAttachment(v, actor, names));
}

/** A request's files, as far as the caller may see them. */
export async function listRequestAttachments(ctx: TContext, requestId: string): Promise<TAttachment[]> {
  const actor = requireActor(ctx);
  return ctx.db(async (tx) => {
    const request = await getAccessibleRequest(tx, ctx, requestId, 'read');
    const view = requestView(actor, request);
    const rows = await tx
      .select()
      .from(attachments)
      .where(and(eq(attachments.requestId, requestId), ne(attachments.status, 'deleted')))
      .orderBy(asc(attachments.createdAt), asc(attachments.id));
    return present(
      ctx,
      tx,
      rows.filter((r) => isVisibleIn(r, view)).map((row) => ({ row, view, request })),
    );
  });
}

/** The files on a person's record (office staff who reach the person). */
export async function listUserAttachments(ctx: TContext, userId: string): Promise<TAttachment[]> {
  return ctx.db(async (tx) => {
    const view = await userView(tx, ctx, userId);
    if (view !== 'all') throw forbidden();
    const rows = await tx
      .select()
      .from(attachments)
      .where(and(eq(attachments.subjectUserId, userId), ne(attachments.status, 'deleted')))
      .orderBy(asc(attachments.createdAt), asc(attachments.id));
    return present(
      ctx,
      tx,
      rows.map((row) => ({ row, view, request: null })),
    );
  });
}

export async function getAttachment(ctx: TContext, attachmentId: string): Promise<TAttachment> {
  return ctx.db(async (tx) => (await present(ctx, tx, [await loadVisibleAttachment(tx, ctx, attachmentId)]))[0]!);
}

/** Shared shape of the staff changes: load as manager, change, audit, present. */
async function change(
  ctx: TContext,
  attachmentId: string,
  action: string,
  set: (v: TVisibleAttachment) => Partial<TAttachmentRow>,
  after?: (tx: Parameters<Parameters<TContext['db']>[0]>[0], before: TAttachmentRow, updated: TAttachmentRow) => Promise<void>,
): Promise<TAttachment> {
  const actor = requireActor(ctx);
  return ctx.db(async (tx) => {
    const v = await loadManagedAttachment(tx, ctx, attachmentId);
    const [updated] = await tx
      .update(attachments)
      .set({ ...set(v), updatedAt: new Date() })
      .where(eq(attachments.id, v.row.id))
      .returning();
    await writeAudit(tx, {
      institutionId: ctx.institutionId,
      actorUserId: actor.userId,
      entityType: 'attachment',
      entityId: v.row.id,
      action,
      before: attachmentAuditShape(v.row),
      after: attachmentAuditShape(updated!),
      ip: ctx.ip,
    });
    if (after) await after(tx, v.row, updated!);
    return (await present(ctx, tx, [{ ...v, row: updated! }]))[0]!;
  });
}

/** Rejects a file with a reason the uploader is told (bell and e-mail). */
export async function rejectAttachment(ctx: TContext, attachmentId: string, reason: string): Promise<TAttachment> {
  const actor = requireActor(ctx);
  return change(
    ctx,
    attachmentId,
    'attachment.rejected',
    (v) => {
      if (v.row.status !== 'active') throw badRequest('Only active files can be rejected.');
      return { status: 'rejected', rejectReason: reason };
    },
    async (tx, before) => {
      if (!before.uploadedBy || before.uploadedBy === actor.userId) return;
      const text = `Your document "${before.fileName}" was rejected: ${reason}`;
      await notify(tx, ctx, {
        userIds: [before.uploadedBy],
        text,
        typeName: 'attachment.rejected',
        requestId: before.requestId,
        email: { subject: 'A document you uploaded was rejected', text: `${text}\n\nPlease sign in to upload a corrected document.` },
      });
    },
  );
}

export async function updateAttachmentVisibility(
  ctx: TContext,
  attachmentId: string,
  body: { isVisibleToRequester: boolean; isVisibleToDepartment: boolean },
): Promise<TAttachment> {
  return change(ctx, attachmentId, 'attachment.visibility.updated', () => ({
    isVisibleToRequester: body.isVisibleToRequester,
    isVisibleToDepartment: body.isVisibleToDepartment,
  }));
}

export async function updateAttachmentCategory(
  ctx: TContext,
  attachmentId: string,
  body: { categoryId: string; checklistItem?: string | undefined },
): Promise<TAttachment> {
  return change(ctx, attachmentId, 'attachment.category.updated', (v) => ({
    categoryId: body.categoryId,
    checklistItem: body.checklistItem ?? v.row.checklistItem,
  }));
}

/** Files the same stored document on another request the caller processes (one stored copy, two rows). */
export async function linkAttachment(ctx: TContext, attachmentId: string, targetRequestId: string): Promise<TAttachment> {
  const actor = requireActor(ctx);
  return ctx.db(async (tx) => {
    const source = await loadManagedAttachment(tx, ctx, attachmentId);
    if (source.row.requestId === targetRequestId)
      throw badRequest('The file is already on this request.', { requestId: ['The file is already on this request.'] });
    const target = await getAccessibleRequest(tx, ctx, targetRequestId, 'process');
    const s = source.row;
    const [row] = await tx
      .insert(attachments)
      .values({
        institutionId: ctx.institutionId,
        requestId: target.id,
        subjectUserId: target.subjectUserId ?? s.subjectUserId,
        dependentId: s.dependentId,
        soaId: s.soaId,
        categoryId: s.categoryId,
        checklistItem: s.checklistItem,
        fileName: s.fileName,
        description: s.description,
        contentType: s.contentType,
        sizeBytes: s.sizeBytes,
        sha256: s.sha256,
        storageKey: s.storageKey,
        isVisibleToRequester: s.isVisibleToRequester,
        isVisibleToDepartment: s.isVisibleToDepartment,
        linkedFromId: s.linkedFromId ?? s.id,
        uploadedBy: s.uploadedBy,
      })
      .returning();
    await writeAudit(tx, {
      institutionId: ctx.institutionId,
      actorUserId: actor.userId,
      entityType: 'attachment',
      entityId: row!.id,
      action: 'attachment.linked',
      after: attachmentAuditShape(row!),
      ip: ctx.ip,
    });
    return (await present(ctx, tx, [{ row: row!, view: 'all', request: target }]))[0]!;
  });
}

/** Removes a file from view (soft: the stored bytes stay, linked copies keep working). */
export async function deleteAttachment(ctx: TContext, attachmentId: string): Promise<{ ok: true }> {
  const actor = requireActor(ctx);
  return ctx.db(async (tx) => {
    const v = await loadVisibleAttachment(tx, ctx, attachmentId);
    // A student may also remove their own upload on their record while their current portal stage still asks for it.
    const ownStageFile =
      v.view === 'requester' &&
      !v.row.requestId &&
      v.row.uploadedBy === actor.userId &&
      v.row.subjectUserId === actor.userId &&
      actor.role === 'ISSSstudent' &&
      !!v.row.customDocumentId &&
      (await recordParts().mayFileOwnDocument(tx, ctx, v.row)) === null;
    if (!canDeleteAttachment(actor, v) && !ownStageFile) throw forbidden('This file cannot be removed now.');
    const [updated] = await tx
      .update(attachments)
      .set({ status: 'deleted', updatedAt: new Date() })
      .where(eq(attachments.id, v.row.id))
      .returning();
    await writeAudit(tx, {
      institutionId: ctx.institutionId,
      actorUserId: actor.userId,
      entityType: 'attachment',
      entityId: v.row.id,
      action: 'attachment.deleted',
      before: attachmentAuditShape(v.row),
      after: attachmentAuditShape(updated!),
      ip: ctx.ip,
    });
    return { ok: true as const };
  });
}

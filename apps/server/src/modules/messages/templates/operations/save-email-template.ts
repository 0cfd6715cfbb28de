import { messagesApi, type TMergeRecordKind } from '@meridian/domain';
import { and, eq } from 'drizzle-orm';
import { writeAudit } from '../../../../platform/audit/audit.js';
import type { TTx } from '../../../../platform/db/database.js';
import { AppError, badRequest, notFound } from '../../../../platform/errors/app-error.js';
import { requireActor, type TContext } from '../../../../platform/http/context.js';
import { emailTemplateVersions, emailTemplates } from '../schema.js';
import {
  assertBody,
  assertMergeTags,
  cleanTemplateHtml,
  insertTemplate,
  loadSystemRow,
  loadTemplate,
  presentTemplate,
  systemDefault,
  writeVersion,
  type TTemplateRow,
} from '../template-store.js';

const M = messagesApi.MSG_EMAIL_TEMPLATES;
const shown = (r: TTemplateRow) => ({
  name: r.name,
  recordKind: r.recordKind,
  subject: r.subject,
  version: r.currentVersion,
  isActive: r.isActive,
});

async function audit(tx: TTx, ctx: TContext, action: string, before: TTemplateRow | null, after: TTemplateRow | null) {
  await writeAudit(tx, {
    institutionId: ctx.institutionId,
    actorUserId: requireActor(ctx).userId,
    entityType: 'email-template',
    entityId: (after ?? before)!.id,
    action,
    before: before ? shown(before) : null,
    after: after ? shown(after) : null,
    ip: ctx.ip,
  });
}

/** The cleaned body, checked: a message, and only tags its kind of record fills. */
function prepare(kind: TMergeRecordKind, subject: string, bodyHtml: string): string {
  const clean = cleanTemplateHtml(bodyHtml);
  assertBody(clean);
  assertMergeTags(kind, subject, clean);
  return clean;
}

/** Creates an office template with its first version (docs/product/messages.md#e-mail-templates). */
export async function createEmailTemplate(ctx: TContext, input: messagesApi.TSaveEmailTemplateInput): Promise<messagesApi.TEmailTemplate> {
  const actor = requireActor(ctx);
  const bodyHtml = prepare(input.recordKind, input.subject, input.bodyHtml);
  return ctx.db(async (tx) => {
    const row = await insertTemplate(tx, ctx.institutionId, { key: null, ...input, bodyHtml }, actor.userId);
    await audit(tx, ctx, 'email-template.created', null, row);
    return presentTemplate(tx, row, null);
  });
}

/** Saves an office template as its newest version. */
export async function updateEmailTemplate(
  ctx: TContext,
  id: string,
  input: messagesApi.TSaveEmailTemplateInput,
): Promise<messagesApi.TEmailTemplate> {
  const actor = requireActor(ctx);
  const bodyHtml = prepare(input.recordKind, input.subject, input.bodyHtml);
  return ctx.db(async (tx) => {
    const before = await loadTemplate(tx, id, true);
    // A system message keeps its name and kind: it is saved through its own route.
    if (before.key) throw notFound();
    const row = await writeVersion(tx, before, { ...input, bodyHtml }, actor.userId);
    await audit(tx, ctx, 'email-template.saved', before, row);
    return presentTemplate(tx, row, null);
  });
}

/** Saves the office's wording of a system message; it is used from the next such e-mail on. */
export async function saveSystemEmail(
  ctx: TContext,
  key: string,
  input: messagesApi.TSaveSystemEmailInput,
): Promise<messagesApi.TEmailTemplate> {
  const actor = requireActor(ctx);
  const system = messagesApi.systemEmailOf(key);
  if (!system) throw notFound();
  const bodyHtml = prepare(system.recordKind, input.subject, input.bodyHtml);
  return ctx.db(async (tx) => {
    const before = await loadSystemRow(tx, key, true);
    const row = before
      ? await writeVersion(tx, before, { subject: input.subject, bodyHtml, isActive: true }, actor.userId)
      : await insertTemplate(
          tx,
          ctx.institutionId,
          { key, name: system.name, recordKind: system.recordKind, subject: input.subject, bodyHtml },
          actor.userId,
        );
    await audit(tx, ctx, 'email-template.saved', before, row);
    return presentTemplate(tx, row, key);
  });
}

/** Goes back to a system message's default wording; the edits stay in its versions (the default is saved as the newest). */
export async function resetSystemEmail(ctx: TContext, key: string): Promise<messagesApi.TEmailTemplate> {
  const actor = requireActor(ctx);
  const system = messagesApi.systemEmailOf(key);
  if (!system) throw notFound();
  return ctx.db(async (tx) => {
    const before = await loadSystemRow(tx, key, true);
    if (!before || !before.isActive) return presentTemplate(tx, before, key);
    const d = systemDefault(system);
    const row = await writeVersion(tx, before, { subject: d.subject, bodyHtml: d.bodyHtml, isActive: false }, actor.userId);
    await audit(tx, ctx, 'email-template.reset', before, row);
    return presentTemplate(tx, row, key);
  });
}

/** Saves an older version as the newest (checked again: the catalogue may have changed since). */
export async function restoreEmailTemplateVersion(ctx: TContext, id: string, version: number): Promise<messagesApi.TEmailTemplate> {
  const actor = requireActor(ctx);
  return ctx.db(async (tx) => {
    const before = await loadTemplate(tx, id, true);
    const [old] = await tx
      .select()
      .from(emailTemplateVersions)
      .where(and(eq(emailTemplateVersions.templateId, id), eq(emailTemplateVersions.version, version)));
    if (!old) throw notFound(M.versionMissing);
    const kind = before.recordKind as TMergeRecordKind;
    const bodyHtml = prepare(kind, old.subject, old.bodyHtml);
    const row = await writeVersion(tx, before, { subject: old.subject, bodyHtml, isActive: true }, actor.userId);
    await audit(tx, ctx, 'email-template.restored', before, row);
    return presentTemplate(tx, row, before.key);
  });
}

/** Deletes an office template with its versions; a system message cannot be deleted (it is reset). */
export async function deleteEmailTemplate(ctx: TContext, id: string): Promise<{ ok: true }> {
  return ctx.db(async (tx) => {
    const before = await loadTemplate(tx, id, true);
    if (before.key) throw badRequest(M.systemNotDeleted);
    await audit(tx, ctx, 'email-template.deleted', before, null);
    const gone = await tx.delete(emailTemplates).where(eq(emailTemplates.id, id)).returning({ id: emailTemplates.id });
    if (gone.length !== 1) throw new AppError(409, 'CONFLICT', 'The template was changed meanwhile.');
    return { ok: true as const };
  });
}

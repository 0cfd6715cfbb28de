import { checkMergeTemplate, mergeCheckMessage, messagesApi, type TMergeRecordKind } from '@meridian/domain';
import { and, desc, eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { TTx } from '../../../platform/db/database.js';
import { AppError, notFound, type TFieldErrors } from '../../../platform/errors/app-error.js';
import { users } from '../../people/index.js';
import { emailHtmlToText, sanitizeEmailHtml } from './sanitize-html.js';
import { emailTemplateVersions, emailTemplates } from './schema.js';

export type TTemplateRow = typeof emailTemplates.$inferSelect;

/** The editor's HTML cleaned for keeping; links may start with a merge tag (they are cleaned again once filled). */
export const cleanTemplateHtml = (html: string) => sanitizeEmailHtml(html, { allowTagLinks: true });

/**
 * Refuses a template whose tags its kind of record cannot fill, on the field that has them
 * (docs/product/messages.md#merge-tags-are-checked-on-save). Checked on the cleaned body: what is kept.
 */
export function assertMergeTags(kind: TMergeRecordKind, subject: string, bodyHtml: string): void {
  const errors: TFieldErrors = {};
  const s = mergeCheckMessage(checkMergeTemplate(subject, kind));
  if (s) errors.subject = [s];
  const b = mergeCheckMessage(checkMergeTemplate(bodyHtml, kind));
  if (b) errors.bodyHtml = [b];
  const first = s ?? b;
  if (first) throw new AppError(422, 'VALIDATION', first, errors);
}

/** A body that is only empty paragraphs once cleaned is no message. */
export function assertBody(bodyHtml: string): void {
  if (!emailHtmlToText(bodyHtml).trim() && !/<img /.test(bodyHtml))
    throw new AppError(422, 'VALIDATION', messagesApi.MSG_EMAIL_TEMPLATES.bodyRequired, {
      bodyHtml: [messagesApi.MSG_EMAIL_TEMPLATES.bodyRequired],
    });
}

export async function loadTemplate(tx: TTx, id: string, lock = false): Promise<TTemplateRow> {
  const q = tx.select().from(emailTemplates).where(eq(emailTemplates.id, id));
  const [row] = lock ? await q.for('update') : await q;
  if (!row) throw notFound();
  return row;
}

export async function loadSystemRow(tx: TTx, key: string, lock = false): Promise<TTemplateRow | null> {
  const q = tx.select().from(emailTemplates).where(eq(emailTemplates.key, key));
  const [row] = lock ? await q.for('update') : await q;
  return row ?? null;
}

/** Records a new version of the template's wording and makes it current, in the caller's transaction. */
export async function writeVersion(
  tx: TTx,
  row: TTemplateRow,
  input: { name?: string; recordKind?: TMergeRecordKind; subject: string; bodyHtml: string; isActive?: boolean },
  userId: string,
): Promise<TTemplateRow> {
  const version = row.currentVersion + 1;
  await tx.insert(emailTemplateVersions).values({
    institutionId: row.institutionId,
    templateId: row.id,
    version,
    subject: input.subject,
    bodyHtml: input.bodyHtml,
    savedBy: userId,
  });
  const [updated] = await tx
    .update(emailTemplates)
    .set({
      name: input.name ?? row.name,
      recordKind: input.recordKind ?? row.recordKind,
      subject: input.subject,
      bodyHtml: input.bodyHtml,
      bodyText: emailHtmlToText(input.bodyHtml),
      isActive: input.isActive ?? row.isActive,
      currentVersion: version,
      updatedAt: new Date(),
      updatedBy: userId,
    })
    .where(and(eq(emailTemplates.id, row.id), eq(emailTemplates.currentVersion, row.currentVersion)))
    .returning();
  if (!updated) throw new AppError(409, 'CONFLICT', 'The template was changed meanwhile. Open it again and repeat your change.');
  return updated;
}

/** Creates a template row with its first version. */
export async function insertTemplate(
  tx: TTx,
  institutionId: string,
  input: { key: string | null; name: string; recordKind: TMergeRecordKind; subject: string; bodyHtml: string },
  userId: string,
): Promise<TTemplateRow> {
  const [row] = await tx
    .insert(emailTemplates)
    .values({
      institutionId,
      key: input.key,
      name: input.name,
      recordKind: input.recordKind,
      subject: input.subject,
      bodyHtml: input.bodyHtml,
      bodyText: emailHtmlToText(input.bodyHtml),
      isActive: true,
      currentVersion: 1,
      createdBy: userId,
      updatedBy: userId,
    })
    .returning();
  await tx.insert(emailTemplateVersions).values({
    institutionId,
    templateId: row!.id,
    version: 1,
    subject: input.subject,
    bodyHtml: input.bodyHtml,
    savedBy: userId,
  });
  return row!;
}

/** The default wording of a system message as the editor shows it. */
export function systemDefault(m: messagesApi.TSystemEmail): { subject: string; bodyHtml: string; bodyText: string } {
  return { subject: m.subject, bodyHtml: messagesApi.textToEmailHtml(m.body), bodyText: m.body.trim() };
}

export function presentSummary(row: TTemplateRow | null, system: messagesApi.TSystemEmail | undefined): messagesApi.TEmailTemplateSummary {
  const edited = !!row && row.isActive;
  return {
    id: row?.id ?? null,
    key: system?.key ?? null,
    name: system?.name ?? row!.name,
    recordKind: (system?.recordKind ?? row!.recordKind) as TMergeRecordKind,
    subject: system && !edited ? system.subject : row!.subject,
    isSystem: !!system,
    isEdited: !!system && edited,
    currentVersion: row?.currentVersion ?? null,
    updatedAt: row?.updatedAt.toISOString() ?? null,
  };
}

/** A template (or system message) with its versions, newest first. */
export async function presentTemplate(tx: TTx, row: TTemplateRow | null, systemKey: string | null): Promise<messagesApi.TEmailTemplate> {
  const system = systemKey ? messagesApi.systemEmailOf(systemKey) : undefined;
  const summary = presentSummary(row, system);
  const fallback = system ? systemDefault(system) : null;
  const current = row && (row.isActive || !fallback) ? { bodyHtml: row.bodyHtml, bodyText: row.bodyText } : fallback!;
  let versions: messagesApi.TEmailTemplateVersion[] = [];
  if (row) {
    const savedBy = alias(users, 'saved_by_user');
    const rows = await tx
      .select({ v: emailTemplateVersions, first: savedBy.firstName, last: savedBy.lastName })
      .from(emailTemplateVersions)
      .leftJoin(savedBy, eq(savedBy.id, emailTemplateVersions.savedBy))
      .where(eq(emailTemplateVersions.templateId, row.id))
      .orderBy(desc(emailTemplateVersions.version));
    versions = rows.map(({ v, first, last }) => ({
      version: v.version,
      subject: v.subject,
      bodyHtml: v.bodyHtml,
      savedAt: v.savedAt.toISOString(),
      savedByName: first !== null ? `${first} ${last ?? ''}`.trim() : null,
    }));
  }
  return { ...summary, description: system?.description ?? null, bodyHtml: current.bodyHtml, bodyText: current.bodyText, versions };
}

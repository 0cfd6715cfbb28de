import { messagesApi, renderMergeText, type TMergeRecordKind, type TMergeValues } from '@meridian/domain';
import type { TTx } from '../../../platform/db/database.js';
import { AppError, type TFieldErrors } from '../../../platform/errors/app-error.js';
import type { TContext } from '../../../platform/http/context.js';
import type { TLoadedSettings } from '../../institutions/index.js';
import { resolveMergeValues, resolveMergeValuesMany } from '../merge/merge-sources.js';
import { fillTemplateHtml } from '../templates/render-system-message.js';
import { assertBody, assertMergeTags, cleanTemplateHtml } from '../templates/template-store.js';

/** Which record kinds each choice of recipients holds: their merge tags are the ones a message may use. */
export function assertKindFits(kind: messagesApi.TMassRecordKind, source: messagesApi.TMassRecipientSource): void {
  const fits = (messagesApi.MASS_SOURCE_KINDS[source.type] as readonly string[]).includes(kind);
  if (!fits) {
    const errors: TFieldErrors = { recordKind: [messagesApi.MSG_MASS_EMAIL.kindMismatch] };
    throw new AppError(422, 'VALIDATION', messagesApi.MSG_MASS_EMAIL.kindMismatch, errors);
  }
}

/**
 * The wording as it is kept: the body cleaned to the editor's allow-list, not empty, and every merge tag one
 * the record kind fills (refused on the field that has it, docs/product/messages.md#merge-tags-are-checked-on-save).
 */
export function cleanWording(kind: TMergeRecordKind, subject: string, bodyHtml: string): { subject: string; bodyHtml: string } {
  const body = cleanTemplateHtml(bodyHtml);
  assertBody(body);
  assertMergeTags(kind, subject, body);
  return { subject: subject.trim(), bodyHtml: body };
}

/**
 * Each recipient's copy, by record id: the records' values (read in the sender's scope; a record gone or
 * out of reach has no copy), filled in one pass, each value escaped and taken literally (a value holding
 * `{{...}}` or markup stays text), the HTML cleaned again once filled. The records are read together.
 */
export async function renderMassCopies(
  tx: TTx,
  ctx: TContext,
  kind: TMergeRecordKind,
  recordIds: readonly string[],
  subject: string,
  bodyHtml: string,
  settings: TLoadedSettings,
): Promise<Map<string, { subject: string; html: string; text: string }>> {
  const values = await resolveMergeValuesMany(tx, ctx, kind, recordIds, settings);
  const out = new Map<string, { subject: string; html: string; text: string }>();
  for (const [id, v] of values) out.set(id, fill(v, subject, bodyHtml));
  return out;
}

const fill = (values: TMergeValues, subject: string, bodyHtml: string) => {
  const filled = fillTemplateHtml(bodyHtml, values);
  return { subject: renderMergeText(subject, values).replace(/[\r\n]+/g, ' '), html: filled.html, text: filled.text };
};

/** One recipient's copy, as above (the preview of one copy): 404 when the record is gone or out of reach. */
export async function renderMassCopy(
  tx: TTx,
  ctx: TContext,
  kind: TMergeRecordKind,
  recordId: string,
  subject: string,
  bodyHtml: string,
): Promise<{ subject: string; html: string; text: string }> {
  return fill(await resolveMergeValues(tx, ctx, { kind, id: recordId }), subject, bodyHtml);
}

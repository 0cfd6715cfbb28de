import { messagesApi, renderMergeHtml, renderMergeText, type TMergeValues } from '@meridian/domain';
import type { TTx } from '../../../platform/db/database.js';
import type { TContext } from '../../../platform/http/context.js';
import { loadSettings } from '../../institutions/index.js';
import { formatMergeValues, generalMergeValues } from '../merge/merge-sources.js';
import { emailHtmlToText, sanitizeEmailHtml } from './sanitize-html.js';
import { loadSystemRow } from './template-store.js';

export interface TRenderedMessage {
  subject: string;
  text: string;
  /** The body of the office's edited template, cleaned; null: the e-mail's HTML is made from the text. */
  html: string | null;
}

/** The GENERAL values every message may use; the portal address without a trailing slash, as links are built on it. */
async function generalValues(tx: TTx, ctx: TContext): Promise<Record<string, string>> {
  const settings = await loadSettings(tx, ctx.institutionId);
  const v = formatMergeValues(generalMergeValues(settings), settings.timeZone);
  return { ...v, 'general.portalLink': settings.publicBaseUrl.replace(/\/+$/, '') };
}

/** Fills a template's HTML: values escaped, then cleaned again now that tags in links are addresses. */
export function fillTemplateHtml(bodyHtml: string, values: TMergeValues): { html: string; text: string } {
  const html = sanitizeEmailHtml(renderMergeHtml(bodyHtml, values));
  return { html, text: emailHtmlToText(html) };
}

/**
 * One of the portal's own messages, in the office's wording when it has an active edit of it, else in the
 * default wording (docs/product/messages.md#system-messages). `values` are the caller's (the record's and
 * the event's); the GENERAL group is added here.
 */
export async function renderSystemMessage(
  tx: TTx,
  ctx: TContext,
  key: messagesApi.TSystemEmailKey,
  values: TMergeValues,
): Promise<TRenderedMessage> {
  const system = messagesApi.systemEmailOf(key);
  if (!system) throw new Error(`Unknown system e-mail ${key}`);
  const all = { ...(await generalValues(tx, ctx)), ...values };
  const row = await loadSystemRow(tx, key);
  // The subject is one line whatever a value holds.
  const oneLine = (s: string) => s.replace(/[\r\n]+/g, ' ');
  if (row?.isActive) {
    const filled = fillTemplateHtml(row.bodyHtml, all);
    return { subject: oneLine(renderMergeText(row.subject, all)), text: filled.text, html: filled.html };
  }
  return { subject: oneLine(renderMergeText(system.subject, all)), text: renderMergeText(system.body, all), html: null };
}

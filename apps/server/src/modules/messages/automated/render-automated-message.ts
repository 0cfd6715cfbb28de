import { automatedEmailOf, type messagesApi, renderMergeText, type TAutomatedEmailKey, type TMergeValues } from '@meridian/domain';
import { eq } from 'drizzle-orm';
import type { TTx } from '../../../platform/db/database.js';
import type { TContext } from '../../../platform/http/context.js';
import { loadSettings } from '../../institutions/index.js';
import { formatMergeValues, generalMergeValues } from '../merge/merge-sources.js';
import { fillTemplateHtml, renderSystemMessage, type TRenderedMessage } from '../templates/render-system-message.js';
import { emailTemplates } from '../templates/schema.js';
import { automatedEmailRule } from './automated-email-rule.js';

const oneLine = (s: string) => s.replace(/[\r\n]+/g, ' ');

/**
 * An automated e-mail in the wording the office chose (docs/product/messages.md#automated-e-mail): its own
 * template when the setting names one, else the system message `systemKey` (the office's active edit of it,
 * else the default).
 * `values` are the record's and the event's; the GENERAL group is added here.
 */
export async function renderAutomatedMessage(
  tx: TTx,
  ctx: TContext,
  message: { systemKey: string; templateId: string | null },
  values: TMergeValues,
): Promise<TRenderedMessage> {
  const settings = await loadSettings(tx, ctx.institutionId);
  const general = {
    ...formatMergeValues(generalMergeValues(settings), settings.timeZone),
    'general.portalLink': settings.publicBaseUrl.replace(/\/+$/, ''),
  };
  const all = { ...general, ...values };
  if (message.templateId) {
    const [t] = await tx.select().from(emailTemplates).where(eq(emailTemplates.id, message.templateId));
    if (t && t.key === null) {
      const filled = fillTemplateHtml(t.bodyHtml, all);
      return { subject: oneLine(renderMergeText(t.subject, all)), text: filled.text, html: filled.html };
    }
  }
  return renderSystemMessage(tx, ctx, message.systemKey as messagesApi.TSystemEmailKey, values);
}

/**
 * The e-mail of an automated event when the office's configuration sends it for this record (docs/product/messages.md#automated-e-mail),
 * in the wording chosen for it; null when the event is off, or off for the record's visa type.
 */
export async function automatedMessage(
  tx: TTx,
  ctx: TContext,
  eventKey: TAutomatedEmailKey,
  opts: { visaType?: string | null },
  values: TMergeValues,
): Promise<TRenderedMessage | null> {
  const rule = await automatedEmailRule(tx, ctx, eventKey, opts);
  if (!rule.send) return null;
  const event = automatedEmailOf(eventKey)!;
  return renderAutomatedMessage(tx, ctx, { systemKey: event.systemKey, templateId: rule.templateId }, values);
}

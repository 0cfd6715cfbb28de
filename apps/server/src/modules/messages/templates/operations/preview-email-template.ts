import { exampleMergeValues, messagesApi, renderMergeText, type TMergeValues } from '@meridian/domain';
import { eq } from 'drizzle-orm';
import type { TTx } from '../../../../platform/db/database.js';
import { badRequest } from '../../../../platform/errors/app-error.js';
import { requireActor, type TContext } from '../../../../platform/http/context.js';
import { queueBrandedMail } from '../../../institutions/index.js';
import { users } from '../../../people/index.js';
import { resolveMergeValues } from '../../merge/merge-sources.js';
import { fillTemplateHtml } from '../render-system-message.js';
import { cleanTemplateHtml } from '../template-store.js';

/**
 * The values to fill from: the record (checked: one the user may not see is not found), else the examples.
 * Tags only the sending event fills (what happened to a request, a link, a reason) keep their examples on a
 * record, so the preview reads as the e-mail will.
 */
async function valuesFor(tx: TTx, ctx: TContext, input: messagesApi.TPreviewEmailTemplateInput): Promise<TMergeValues> {
  const examples = exampleMergeValues(input.recordKind);
  if (!input.record) return examples;
  return { ...examples, ...(await resolveMergeValues(tx, ctx, input.record)) };
}

function render(input: messagesApi.TPreviewEmailTemplateInput, values: TMergeValues): messagesApi.TEmailPreview {
  const { html, text } = fillTemplateHtml(cleanTemplateHtml(input.bodyHtml), values);
  return { subject: renderMergeText(input.subject, values).replace(/[\r\n]+/g, ' '), html, text };
}

/** Fills a template (not saved) from a record the user picked, as the e-mail would read (docs/product/messages.md#the-editor). */
export async function previewEmailTemplate(
  ctx: TContext,
  input: messagesApi.TPreviewEmailTemplateInput,
): Promise<messagesApi.TEmailPreview> {
  return ctx.db(async (tx) => render(input, await valuesFor(tx, ctx, input)));
}

/** Sends the filled template to the signed-in staff member's own address, and to no one else. */
export async function sendTestEmailTemplate(ctx: TContext, input: messagesApi.TPreviewEmailTemplateInput): Promise<{ ok: true }> {
  const actor = requireActor(ctx);
  return ctx.db(async (tx) => {
    const [me] = await tx.select({ email: users.email }).from(users).where(eq(users.id, actor.userId));
    if (!me?.email) throw badRequest(messagesApi.MSG_EMAIL_TEMPLATES.noEmail);
    const filled = render(input, await valuesFor(tx, ctx, input));
    await queueBrandedMail(tx, ctx, {
      to: me.email,
      subject: `[Test] ${filled.subject}`,
      text: filled.text,
      bodyHtml: filled.html,
      purpose: 'email-template.test',
    });
    return { ok: true as const };
  });
}

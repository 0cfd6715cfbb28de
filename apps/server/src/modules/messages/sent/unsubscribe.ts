import { escapeHtml, messagesApi } from '@meridian/domain';
import { AppError } from '../../../platform/errors/app-error.js';
import type { TContext } from '../../../platform/http/context.js';
import { readUnsubscribeToken, recordOptOut } from '../../../platform/mail/unsubscribe.js';
import { loadSettings } from '../../institutions/index.js';

const invalid = () =>
  new AppError(400, 'VALIDATION', messagesApi.MSG_SENT_MAIL.unsubscribeInvalid, { t: [messagesApi.MSG_SENT_MAIL.unsubscribeInvalid] });

/** The address a link names, when this server signed it for this institution (another's link is not valid here). */
function addressOf(ctx: TContext, token: string): string {
  const named = readUnsubscribeToken(ctx.services.tokens, token);
  if (!named || named.institutionId !== ctx.institutionId.toLowerCase()) throw invalid();
  return named.address;
}

/** Records the opt-out a signed link names (docs/product/messages.md#unsubscribing); a second time changes nothing. */
export async function unsubscribe(ctx: TContext, token: string): Promise<void> {
  const address = addressOf(ctx, token);
  await ctx.db((tx) => recordOptOut(tx, ctx.institutionId, address));
}

const page = (title: string, body: string) => `<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>body{font-family:Arial,Helvetica,sans-serif;max-width:560px;margin:48px auto;padding:0 16px;line-height:1.5}button{font-size:1rem;padding:8px 16px}</style>
</head><body><h1 style="font-size:1.4rem">${escapeHtml(title)}</h1>${body}</body></html>`;

/**
 * The page an unsubscribe link opens: opening it changes nothing (mail scanners open links); the button
 * sends the same one-click POST a mail program sends.
 */
export async function unsubscribePageHtml(ctx: TContext, token: string): Promise<string> {
  const address = addressOf(ctx, token);
  const s = await ctx.db((tx) => loadSettings(tx, ctx.institutionId));
  return page(
    `Unsubscribe from ${s.accountName} bulk e-mail`,
    `<p>Stop bulk e-mail (announcements, newsletters) from ${escapeHtml(s.accountName)} to <strong>${escapeHtml(address)}</strong>?</p>
<p>Messages about your own records and requests will still reach you.</p>
<form method="post" action="/api/messages/unsubscribe?t=${encodeURIComponent(token)}"><button type="submit">Unsubscribe</button></form>`,
  );
}

/** What a person sees after the button. */
export const unsubscribedHtml = () => page('Unsubscribed', `<p>${escapeHtml(messagesApi.MSG_SENT_MAIL.unsubscribed)}</p>`);
/** What a link that is not valid shows in a browser. */
export const invalidHtml = () => page('This link is not valid', `<p>${escapeHtml(messagesApi.MSG_SENT_MAIL.unsubscribeInvalid)}</p>`);

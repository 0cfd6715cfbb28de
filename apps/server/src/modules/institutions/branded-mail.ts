import { brandTextPairing, contrastRatio, DARK_TEXT, escapeHtml, MIN_TEXT_CONTRAST, parseHexColor } from '@meridian/domain';
import type { TTx } from '../../platform/db/database.js';
import type { TContext } from '../../platform/http/context.js';
import { queueMail, type TMail } from '../../platform/mail/mailer.js';
import { logoUrl } from './logo-file.js';
import { loadSettings, type TLoadedSettings } from './settings.js';

const URL_IN_TEXT = /\bhttps?:\/\/[^\s<>"']+/g;
/** Punctuation that ends a sentence after an address is not part of it. */
const TRAILING = /[.,;:!?)\]]+$/;

/** One paragraph of the text: escaped, web addresses as links, single line breaks kept. */
function paragraph(text: string, linkColor: string): string {
  let html = '';
  let at = 0;
  for (const m of text.matchAll(URL_IN_TEXT)) {
    const raw = m[0];
    const url = raw.replace(TRAILING, '');
    html += escapeHtml(text.slice(at, m.index));
    html += `<a href="${escapeHtml(url)}" style="color:${linkColor};text-decoration:underline;word-break:break-all">${escapeHtml(url)}</a>`;
    at = m.index + url.length;
  }
  html += escapeHtml(text.slice(at));
  return html.replace(/\n/g, '<br>');
}

/** A brand colour as stored, or the fallback when it is not a colour (nothing else reaches a style attribute). */
const colour = (value: string, fallback: string) =>
  parseHexColor(value) && /^#[0-9a-f]{6}$/i.test(value.trim()) ? value.trim() : fallback;

/** The logo for an e-mail: an uploaded PNG or JPEG from the portal's address, or the logo address; mail clients do not draw SVG. */
function mailLogo(s: TLoadedSettings): string | null {
  if (s.logoFile) return s.logoFile.contentType === 'image/svg+xml' ? null : logoUrl(s.logoFile, s.publicBaseUrl);
  return /^https?:\/\//i.test(s.logoImageURL) && !/\.svg(\?|#|$)/i.test(s.logoImageURL) ? s.logoImageURL : null;
}

/**
 * The HTML part of an e-mail in the institution's look (docs/product/institutions.md#e-mails): a band
 * of the primary colour with the logo or the institution's name, an accent line in the secondary
 * colour, the message, and the office's name below. Every value (the text, the name, the addresses) is
 * escaped; colours reach the styles only as #RRGGBB. Text on the band is white, or dark where an older
 * pale colour would not carry white; links are the primary colour where it reads on white.
 */
export function renderBrandedHtml(settings: TLoadedSettings, subject: string, text: string, bodyHtml?: string | null): string {
  const primary = colour(settings.primaryColor, '#00796b');
  const secondary = colour(settings.secondaryColor, '#c9a227');
  const onPrimary = brandTextPairing('primaryColor', primary).ratio >= MIN_TEXT_CONTRAST ? '#ffffff' : DARK_TEXT;
  const link = contrastRatio(primary, '#ffffff') >= MIN_TEXT_CONTRAST ? primary : DARK_TEXT;
  const name = escapeHtml(settings.accountName);
  const logo = mailLogo(settings);
  const brand = logo
    ? `<img src="${escapeHtml(logo)}" alt="${name}" height="48" style="display:block;height:48px;max-width:100%;border:0;background:#ffffff;padding:4px;border-radius:4px">`
    : `<span style="font-size:20px;font-weight:bold;color:${onPrimary}">${name}</span>`;
  // An office's e-mail template brings its own body, already cleaned to the editor's allow-list
  // (docs/product/messages.md#what-the-editor-keeps); it takes the place of the paragraphs of the text.
  const body = bodyHtml
    ? bodyHtml
    : text
        .trim()
        .split(/\n{2,}/)
        .map((p) => `<p style="margin:0 0 16px 0">${paragraph(p, link)}</p>`)
        .join('\n');
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(subject)}</title>
</head>
<body style="margin:0;padding:0;background:#f5f6f8;color:${DARK_TEXT};font-family:Arial,Helvetica,sans-serif;font-size:16px;line-height:1.5">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f5f6f8">
<tr><td align="center" style="padding:24px 12px">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:600px;background:#ffffff;border-radius:8px;overflow:hidden">
<tr><td style="background:${primary};padding:16px 24px;border-bottom:4px solid ${secondary}">${brand}</td></tr>
<tr><td style="padding:24px">
${body}
</td></tr>
<tr><td style="padding:16px 24px;border-top:1px solid #e5e7eb;font-size:13px;color:#4b5563">${name} · International Student and Scholar Services</td></tr>
</table>
</td></tr>
</table>
</body>
</html>
`;
}

/**
 * Records an e-mail with its plain text and an HTML part in the institution's look, in the caller's
 * transaction (the outbox sends both; a client that shows only text still has all of it).
 */
export async function queueBrandedMail(
  tx: TTx,
  ctx: TContext,
  mail: Omit<TMail, 'html'> & { bodyHtml?: string | null | undefined },
): Promise<string> {
  const s = await loadSettings(tx, ctx.institutionId);
  const { bodyHtml, ...rest } = mail;
  return queueMail(
    tx,
    ctx.institutionId,
    { ...rest, html: renderBrandedHtml(s, mail.subject, mail.text, bodyHtml) },
    !!ctx.services.config.smtpUrl,
  );
}

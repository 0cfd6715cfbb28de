import { escapeHtml } from '@meridian/domain';

/**
 * The HTML of an e-mail template, kept to what the editor makes (docs/product/messages.md#what-the-editor-keeps).
 * A small tokenizer reads the input and a new document is written from an allow-list: only the listed
 * tags, only their listed attributes, every text and attribute value escaped again on the way out. What
 * is not listed is dropped: its tags always, its content too for elements whose content is code or
 * hidden (script, style, iframe, svg, ...). Nothing from the input is copied through unescaped.
 */

/** Widest picture in an e-mail: the message column (600) less its padding. */
export const EMAIL_IMAGE_MAX_WIDTH = 552;

const ALLOWED = new Set(['p', 'br', 'strong', 'em', 'u', 's', 'a', 'ul', 'ol', 'li', 'h1', 'h2', 'h3', 'blockquote', 'hr', 'img']);
const VOID = new Set(['br', 'hr', 'img', 'area', 'base', 'col', 'embed', 'input', 'link', 'meta', 'source', 'track', 'wbr', 'param']);
/** Written by the editor under another name: kept as the allowed one. */
const ALIASES: Record<string, string> = { b: 'strong', i: 'em', strike: 's', del: 's' };
/** Elements whose content the browser reads as raw text: skipped up to their closing tag. */
const RAW_TEXT = new Set(['script', 'style', 'textarea', 'title', 'xmp', 'iframe', 'noembed', 'noframes', 'noscript', 'plaintext']);
/** Elements dropped with everything inside them. */
const DROP_WITH_CONTENT = new Set(['template', 'svg', 'math', 'object', 'select', 'head', 'frameset', 'applet']);

const NAMED: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: '\u00a0',
  colon: ':',
  tab: '\t',
  newline: '\n',
};

/** Character references as the browser reads them, so that a hidden `javascript&#58;` is seen for what it is. */
export function decodeEntities(s: string): string {
  return s.replace(/&(#[xX][0-9a-fA-F]+|#[0-9]+|[a-zA-Z]+);?/g, (m, ref: string) => {
    if (ref[0] === '#') {
      const code = ref[1] === 'x' || ref[1] === 'X' ? parseInt(ref.slice(2), 16) : parseInt(ref.slice(1), 10);
      if (!Number.isFinite(code) || code <= 0 || code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff)) return '\ufffd';
      return String.fromCodePoint(code);
    }
    const v = NAMED[ref.toLowerCase()];
    return v ?? m;
  });
}

const escape = escapeHtml;

interface TTag {
  name: string;
  closing: boolean;
  attrs: Map<string, string>;
}

/** Reads one tag starting at `<` (at `i`); null when the `<` does not open a tag (it is then text). */
function readTag(src: string, i: number): { tag: TTag; end: number } | null {
  let j = i + 1;
  const closing = src[j] === '/';
  if (closing) j++;
  const nameMatch = /^[a-zA-Z][^\s/>]*/.exec(src.slice(j, j + 64));
  if (!nameMatch) return null;
  const name = nameMatch[0].toLowerCase();
  j += nameMatch[0].length;
  const attrs = new Map<string, string>();
  while (j < src.length) {
    while (j < src.length && /[\s/]/.test(src[j]!)) j++;
    if (j >= src.length) break;
    if (src[j] === '>') return { tag: { name, closing, attrs }, end: j + 1 };
    const an = /^[^\s/>=]+/.exec(src.slice(j, j + 256));
    // A lone '=' or a very long name: read on one character at a time, as a browser would skip it.
    if (!an) {
      j++;
      continue;
    }
    const attrName = an[0].toLowerCase();
    j += an[0].length;
    while (j < src.length && /\s/.test(src[j]!)) j++;
    let value = '';
    if (src[j] === '=') {
      j++;
      while (j < src.length && /\s/.test(src[j]!)) j++;
      const q = src[j];
      if (q === '"' || q === "'") {
        const close = src.indexOf(q, j + 1);
        const stop = close < 0 ? src.length : close;
        value = src.slice(j + 1, stop);
        j = stop + 1;
      } else {
        const uv = /^[^\s>]*/.exec(src.slice(j))!;
        value = uv[0];
        j += uv[0].length;
      }
    }
    if (!attrs.has(attrName)) attrs.set(attrName, decodeEntities(value));
  }
  // A tag never closed is not a tag: the rest is dropped, as a browser would.
  return { tag: { name: '#unclosed', closing, attrs }, end: src.length };
}

/** The address with what browsers ignore in it removed (controls, spaces), to read its scheme. */
const compact = (url: string) => url.replace(/[\u0000-\u0020\u007f-\u009f\u00ad\u200b-\u200f\u2028\u2029\ufeff]/g, '');

export interface TSanitizeOptions {
  /**
   * A link may start with a merge tag (`{{general.portalLink}}/...`): allowed when a template is saved,
   * because the filled message is cleaned again, when it is no longer a tag but an address.
   */
  allowTagLinks?: boolean;
}

function safeHref(raw: string, o: TSanitizeOptions): string | null {
  const url = raw.trim();
  const c = compact(url);
  if (/^(https?:\/\/|mailto:)/i.test(c)) return url;
  if (o.allowTagLinks && /^\{\{\s*[A-Za-z][\w.]*\s*\}\}/.test(url)) return url;
  return null;
}

function safeImageSrc(raw: string): string | null {
  const c = compact(raw.trim());
  if (/^https:\/\//i.test(c)) return raw.trim();
  if (/^data:image\/(png|jpeg);base64,[A-Za-z0-9+/=]+$/i.test(c)) return c;
  return null;
}

function openTag(name: string, attrs: Map<string, string>, o: TSanitizeOptions): string | null {
  if (name === 'a') {
    const href = safeHref(attrs.get('href') ?? '', o);
    return href === null ? '<a>' : `<a href="${escape(href)}" rel="noopener noreferrer" target="_blank">`;
  }
  if (name === 'img') {
    const src = safeImageSrc(attrs.get('src') ?? '');
    if (src === null) return null;
    const asked = Number.parseInt(attrs.get('width') ?? '', 10);
    const width = Number.isFinite(asked) && asked > 0 ? Math.min(asked, EMAIL_IMAGE_MAX_WIDTH) : EMAIL_IMAGE_MAX_WIDTH;
    const alt = attrs.get('alt') ?? '';
    return `<img src="${escape(src)}" alt="${escape(alt)}" width="${width}" style="max-width:100%;height:auto">`;
  }
  return `<${name}>`;
}

/** The template's HTML reduced to the allow-list; safe to put inside an e-mail or a page as it is. */
export function sanitizeEmailHtml(input: string, o: TSanitizeOptions = {}): string {
  const src = input.replace(/\u0000/g, '');
  let out = '';
  const open: string[] = [];
  let drop = 0;
  let i = 0;
  while (i < src.length) {
    const lt = src.indexOf('<', i);
    const textEnd = lt < 0 ? src.length : lt;
    if (textEnd > i) {
      if (drop === 0) out += escape(decodeEntities(src.slice(i, textEnd)));
      i = textEnd;
      continue;
    }
    // At a '<'.
    if (src.startsWith('<!--', i)) {
      const end = src.indexOf('-->', i + 4);
      i = end < 0 ? src.length : end + 3;
      continue;
    }
    if (src[i + 1] === '!' || src[i + 1] === '?') {
      const end = src.indexOf('>', i);
      i = end < 0 ? src.length : end + 1;
      continue;
    }
    const read = readTag(src, i);
    if (!read) {
      if (drop === 0) out += '&lt;';
      i++;
      continue;
    }
    i = read.end;
    const { closing, attrs } = read.tag;
    const raw = read.tag.name;
    if (!closing && RAW_TEXT.has(raw)) {
      if (raw === 'plaintext') break;
      const close = new RegExp(`</${raw}[\\s/>]`, 'i').exec(src.slice(i));
      i = close ? i + close.index + close[0].length : src.length;
      if (close && !close[0].endsWith('>')) {
        const gt = src.indexOf('>', i);
        i = gt < 0 ? src.length : gt + 1;
      }
      continue;
    }
    if (DROP_WITH_CONTENT.has(raw)) {
      if (!VOID.has(raw)) drop = Math.max(0, drop + (closing ? -1 : 1));
      continue;
    }
    if (drop > 0) continue;
    const name = ALIASES[raw] ?? raw;
    if (!ALLOWED.has(name)) continue;
    if (closing) {
      const at = open.lastIndexOf(name);
      if (at < 0) continue;
      while (open.length > at) out += `</${open.pop()!}>`;
      continue;
    }
    const tag = openTag(name, attrs, o);
    if (tag === null) continue;
    out += tag;
    if (!VOID.has(name)) open.push(name);
  }
  while (open.length) out += `</${open.pop()!}>`;
  return out;
}

const BLOCK_END = /<\/(p|h1|h2|h3|blockquote|li|ul|ol)>/g;

/** The plain-text part of a message from its (cleaned) HTML: paragraphs apart, list items marked, links written out. */
export function emailHtmlToText(html: string): string {
  const text = html
    .replace(/<br>/g, '\n')
    .replace(/<hr>/g, '\n----\n\n')
    .replace(/<li>/g, '- ')
    .replace(/<img [^>]*alt="([^"]*)"[^>]*>/g, '$1')
    .replace(/<a href="([^"]*)"[^>]*>([\s\S]*?)<\/a>/g, (_, href: string, inner: string) => {
      const shown = inner.replace(/<[^>]*>/g, '');
      const url = decodeEntities(href).replace(/^mailto:/i, '');
      return decodeEntities(shown).trim() === url ? inner : `${inner} (${href.replace(/^mailto:/i, '')})`;
    })
    .replace(BLOCK_END, (_, tag: string) => (tag === 'li' ? '\n' : '\n\n'))
    .replace(/<[^>]*>/g, '');
  return decodeEntities(text)
    .replace(/\u00a0/g, ' ')
    .replace(/[ \t]+\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

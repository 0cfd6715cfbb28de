/**
 * The text of a scalar value as a person would read it: strings as they are, numbers and booleans
 * spelled out; nothing (absent, null) and structures (objects, arrays) are empty, never
 * "[object Object]". For values that arrive untyped: form data, parsed XML and spreadsheets.
 */
export function textOf(v: unknown): string {
  if (typeof v === 'string') return v;
  if (typeof v === 'number' || typeof v === 'boolean' || typeof v === 'bigint') return String(v);
  return '';
}

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
/** Text as HTML text or attribute value: nothing in it can open a tag, an attribute or an entity. */
export const escapeHtml = (s: string): string => s.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]!);

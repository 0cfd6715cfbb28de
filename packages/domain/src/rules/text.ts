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

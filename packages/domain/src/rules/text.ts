/**
 * A stored value as text: strings as they are, numbers and booleans written out, nothing as ''.
 * An object (a value of the wrong shape) is shown as JSON rather than '[object Object]'.
 */
export function textOf(v: unknown): string {
  if (v === null || v === undefined) return '';
  if (typeof v === 'string') return v;
  if (typeof v === 'number' || typeof v === 'boolean' || typeof v === 'bigint') return String(v);
  return JSON.stringify(v) ?? '';
}

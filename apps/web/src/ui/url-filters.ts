import { parseUsDate } from '@meridian/domain';

/**
 * List filters in the address: `filters=name:value;name:value`, empty values dropped. Values are
 * percent-encoded so they may contain ':' or ';' themselves. Dates are MM-DD-YYYY there.
 */
export type TUrlFilters = Record<string, string>;

export function parseFilters(raw: string | null | undefined): TUrlFilters {
  const out: TUrlFilters = {};
  if (!raw) return out;
  for (const part of raw.split(';')) {
    const i = part.indexOf(':');
    if (i <= 0) continue;
    const name = safeDecode(part.slice(0, i));
    const value = safeDecode(part.slice(i + 1));
    if (name && value !== '') out[name] = value;
  }
  return out;
}

export function serializeFilters(filters: TUrlFilters, defaults: TUrlFilters = {}): string {
  return Object.entries(filters)
    .filter(([k, v]) => v !== undefined && v !== null && String(v) !== '' && defaults[k] !== String(v))
    .map(([k, v]) => `${encodeURIComponent(k)}:${encodeURIComponent(String(v))}`)
    .join(';');
}

function safeDecode(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}

/** One raw query parameter, without turning '+' into spaces or decoding the filter separators. */
export function readSearchParam(search: string, name: string): string | null {
  for (const pair of search.replace(/^\?/, '').split('&')) {
    const i = pair.indexOf('=');
    const key = i < 0 ? pair : pair.slice(0, i);
    if (key === name) return i < 0 ? '' : pair.slice(i + 1);
  }
  return null;
}

/** The search string with `name` set to an already-encoded value (or removed when empty). */
export function writeSearchParam(search: string, name: string, encoded: string): string {
  const pairs = search
    .replace(/^\?/, '')
    .split('&')
    .filter((p) => p && (p.indexOf('=') < 0 ? p : p.slice(0, p.indexOf('='))) !== name);
  if (encoded) pairs.push(`${name}=${encoded}`);
  return pairs.length ? `?${pairs.join('&')}` : '';
}

/** An address date (MM-DD-YYYY) as the API takes it (YYYY-MM-DD); undefined when absent or malformed. */
export function addressDateToIso(v: string | undefined): string | undefined {
  const m = /^(\d{2})-(\d{2})-(\d{4})$/.exec(v ?? '');
  return m ? `${m[3]}-${m[1]}-${m[2]}` : undefined;
}

/** A date typed as MM/DD/YYYY as the address keeps it (MM-DD-YYYY); null when it is not a real day. */
export function typedDateToAddress(v: string): string | null {
  return parseUsDate(v) ? v.trim().replace(/\//g, '-') : null;
}

/** An address date as people type and read it (MM/DD/YYYY). */
export const addressDateToTyped = (v: string | undefined) => (v ? v.replace(/-/g, '/') : '');

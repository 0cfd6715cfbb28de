import { MERGE_TAGS, mergeTagOf, type TMergeRecordKind } from '../catalog/merge-tags.js';
import { escapeHtml } from './text.js';

/**
 * Filling merge tags into a template (docs/product/messages.md#merge-tags). A tag is `{{group.name}}`,
 * spaces inside the braces allowed. Rendering is one pass of plain substitution: nothing in a template
 * or a value is evaluated, and a value that itself looks like a tag (`{{...}}`) is shown as written.
 */

/** The values a message is filled from, by tag key; already formatted for reading (dates in the institution's format). */
export type TMergeValues = Readonly<Record<string, string>>;

/** `{{ key }}`: a letter first, then letters, digits, `_` and `.`; anything else between braces is not a tag. */
const TAG = /\{\{\s*([A-Za-z][\w.]*)\s*\}\}/g;
/** Braces that look like an attempt at a tag but are not one (`{{ 1+1 }}`, `{{#if}}`): refused as unknown. */
const ANY_BRACES = /\{\{([^{}]*)\}\}/g;

/** The tag keys a template uses, each once, in order of first use. */
export function tagsIn(text: string): string[] {
  const seen = new Set<string>();
  for (const m of text.matchAll(ANY_BRACES)) seen.add(m[1]!.trim());
  return [...seen];
}

export interface TMergeCheck {
  /** Not in the catalogue (or not a tag at all). */
  unknown: string[];
  /** In the catalogue, but this kind of record cannot fill it. */
  notApplicable: string[];
}

/** What a template for `kind` uses that cannot be filled: checked when the template is saved, not when it is sent. */
export function checkMergeTemplate(text: string, kind: TMergeRecordKind): TMergeCheck {
  const unknown: string[] = [];
  const notApplicable: string[] = [];
  for (const key of tagsIn(text)) {
    const t = mergeTagOf(key);
    if (!t) unknown.push(key);
    else if (!t.kinds.includes(kind)) notApplicable.push(key);
  }
  return { unknown, notApplicable };
}

/** The field message for a template whose tags cannot be filled, or null when all can. */
export function mergeCheckMessage(check: TMergeCheck): string | null {
  const parts: string[] = [];
  if (check.unknown.length) parts.push(MERGE_TAG_UNKNOWN_MSG(check.unknown));
  if (check.notApplicable.length) parts.push(MERGE_TAG_NOT_APPLICABLE_MSG(check.notApplicable));
  return parts.length ? parts.join(' ') : null;
}

const list = (tags: readonly string[]) => tags.map((t) => `{{${t}}}`).join(', ');
export const MERGE_TAG_UNKNOWN_MSG = (tags: readonly string[]) =>
  tags.length === 1 ? `Unknown merge tag: ${list(tags)}.` : `Unknown merge tags: ${list(tags)}.`;
export const MERGE_TAG_NOT_APPLICABLE_MSG = (tags: readonly string[]) => `Not available for this kind of record: ${list(tags)}.`;

function substitute(text: string, values: TMergeValues, wrap: (v: string) => string): string {
  // One pass over the template: replaced text is never scanned again, so a value cannot add a tag.
  return text.replace(TAG, (_, key: string) => {
    const v = Object.prototype.hasOwnProperty.call(values, key) ? values[key] : undefined;
    return wrap(typeof v === 'string' ? v : '');
  });
}

/** A plain-text template (a subject, a text body) with its tags filled; a tag without a value becomes empty. */
export function renderMergeText(text: string, values: TMergeValues): string {
  return substitute(text, values, (v) => v);
}

/** An HTML template with its tags filled, each value escaped so that it is text, never markup. */
export function renderMergeHtml(html: string, values: TMergeValues): string {
  return substitute(html, values, escapeHtml);
}

/** The catalogue's examples for a kind of record (previews without a record, the picker's hints). */
export function exampleMergeValues(kind: TMergeRecordKind): TMergeValues {
  const out: Record<string, string> = {};
  for (const t of MERGE_TAGS) if (t.kinds.includes(kind)) out[t.key] = t.example;
  return out;
}

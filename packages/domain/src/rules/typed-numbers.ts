/**
 * Numbers as people type them (docs/product/ui.md#digits-amounts-and-text): an EIN as
 * `12-3456789`, a phone as `(217) 555-0199`, `217.555.0199` or `+1 217 555 0199`, a ZIP+4 as
 * `12345-6789`. The usual punctuation is accepted and taken out; nothing else is: a letter stays, so
 * the field's own check refuses it with its message, and nothing typed is ever cut short.
 */

/** Spaces, hyphens and dashes: what people put between the digits of an EIN or a ZIP+4. */
const GROUPING = /[\s\-\u2010-\u2015]/g;
/** A phone's punctuation besides: dots, parentheses and slashes. */
const PHONE_PUNCTUATION = /[\s\-\u2010-\u2015.()/]/g;

/**
 * The digits of an identifier typed in groups (EIN, ZIP): spaces and hyphens come out; anything else
 * is kept for the field's check to refuse (a letter, a `#`, and a dot, which in an amount would be a
 * decimal point: `55000.50` is never read as 5500050).
 */
export function digitsTyped(raw: string): string {
  return raw.replace(GROUPING, '');
}

/**
 * A phone typed with punctuation: its digits, without a leading `+`. A U.S. number (`usNumber`) may
 * carry the country code 1 in front (`+1 217 555 0199`, `1-217-555-0199`): an 11-digit number starting
 * with 1 drops it, so the 10 digits remain.
 */
export function phoneDigitsTyped(raw: string, usNumber: boolean): string {
  const d = raw.trim().replace(PHONE_PUNCTUATION, '').replace(/^\+/, '');
  return usNumber && /^1\d{10}$/.test(d) ? d.slice(1) : d;
}

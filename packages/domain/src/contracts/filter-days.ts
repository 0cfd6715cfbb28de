import { z } from 'zod';
import { MSG } from '../messages.js';
import { isCalendarDate } from '../rules/dates.js';

/** A calendar day as lists take it in their filters (the office's day, YYYY-MM-DD). */
export const ZFilterDay = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, MSG.invalidDate)
  .refine(isCalendarDate, MSG.invalidDate);

/** An optional day filter: a blank field is no filter. */
export const ZOptionalFilterDay = z.preprocess((v: unknown) => (v === '' ? undefined : v), ZFilterDay.optional());

export const MSG_DATE_RANGE = 'The end date must be on or after the start date.';

/** A from–to filter whose end is before its start is refused on `to`, the field a person fixes. */
export function dayRangeInOrder(v: { from?: string | undefined; to?: string | undefined }, c: z.RefinementCtx): void {
  if (v.from && v.to && v.to < v.from) c.addIssue({ code: 'custom', path: ['to'], message: MSG_DATE_RANGE });
}

import { useCallback } from 'react';
import { todayIn } from '@meridian/domain';
import { useBrandingOrDefault } from './branding';

// "Today" in the browser is the office's calendar day, in the institution's time zone (its branding
// carries it), exactly as the server's ctx.today(): never the browser's own zone, never UTC's day
// (docs/product/institutions.md#time-zone). Date-only values never pass through `new Date()`.

/** The institution's IANA time zone (the default zone while the branding loads). */
export function useOfficeTimeZone(): string {
  return useBrandingOrDefault().timeZone;
}

/**
 * A function giving the office's today (YYYY-MM-DD) at the moment it is called: a form left open past
 * midnight validates against the new day.
 */
export function useOfficeToday(): () => string {
  const timeZone = useOfficeTimeZone();
  return useCallback(() => todayIn(timeZone), [timeZone]);
}

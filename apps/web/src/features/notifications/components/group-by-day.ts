import { addDays, type TNotification } from '@meridian/domain';
import { formatDay, type TOfficeDates } from '../../../app/office-dates';

export interface TNotificationGroup {
  /** The office's calendar day (YYYY-MM-DD) the notices were sent on. */
  day: string;
  label: string;
  items: TNotification[];
}

/**
 * Groups newest-first notifications by the office's calendar day (docs/product/notifications.md#the-panel):
 * 'Today', 'Yesterday', else MM/DD/YYYY. The day is the one at the office, in the institution's time zone
 * (`dates`, from useFormatDates()), not the reader's: a notice sent at 23:30 in Los Angeles is that day's
 * for a reader in London too.
 */
export function groupByDay(
  items: TNotification[],
  dates: Pick<TOfficeDates, 'dayOf' | 'today'>,
  now: Date = new Date(),
): TNotificationGroup[] {
  const today = dates.today(now);
  const yesterday = addDays(today, -1);
  const groups: TNotificationGroup[] = [];
  for (const n of items) {
    const day = dates.dayOf(n.createdAt);
    let g = groups.find((x) => x.day === day);
    if (!g) {
      const label = day === today ? 'Today' : day === yesterday ? 'Yesterday' : formatDay(day);
      g = { day, label, items: [] };
      groups.push(g);
    }
    g.items.push(n);
  }
  return groups;
}

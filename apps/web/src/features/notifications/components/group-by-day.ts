import { addDays, dateOnlyIn, formatDate, type TNotification } from '@meridian/domain';

export interface TNotificationGroup {
  key: string;
  label: string;
  day: Date;
  items: TNotification[];
}

/** Groups newest-first notifications by local day: 'Today', 'Yesterday', else MM/DD/YYYY . */
export function groupByDay(items: TNotification[], now: Date = new Date()): TNotificationGroup[] {
  const today = dateOnlyIn(now);
  const yesterday = addDays(today, -1);
  const groups: TNotificationGroup[] = [];
  for (const n of items) {
    const at = new Date(n.createdAt);
    const key = dateOnlyIn(at);
    let g = groups.find((x) => x.key === key);
    if (!g) {
      const label = key === today ? 'Today' : key === yesterday ? 'Yesterday' : formatDate(n.createdAt);
      g = { key, label, day: new Date(at.getFullYear(), at.getMonth(), at.getDate()), items: [] };
      groups.push(g);
    }
    g.items.push(n);
  }
  return groups;
}

/** Where a notification about a request leads, by the reader's role. */
export function requestLink(role: string | undefined, requestId: string): string {
  if (role === 'isssAdmin') return `/isss/request/${requestId}`;
  if (role === 'ISSSstudent') return `/student/request-edit/${requestId}`;
  return `/scholar/request-edit/${requestId}`;
}

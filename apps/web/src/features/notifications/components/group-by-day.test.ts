import { describe, expect, it } from 'vitest';
import { groupByDay, requestLink } from './group-by-day';

const n = (id: string, createdAt: string) => ({ id, text: id, typeName: 't', requestId: null, scholarId: null, isRead: false, createdAt });

describe('groupByDay', () => {
  it('labels Today, Yesterday and older days as MM/DD/YYYY, keeping order', () => {
    const now = new Date(2026, 2, 10, 15, 0);
    const groups = groupByDay(
      [
        n('a', new Date(2026, 2, 10, 9).toISOString()),
        n('b', new Date(2026, 2, 10, 1).toISOString()),
        n('c', new Date(2026, 2, 9, 23).toISOString()),
        n('d', new Date(2026, 1, 28, 12).toISOString()),
      ],
      now,
    );
    expect(groups.map((g) => [g.label, g.items.map((i) => i.id)])).toEqual([
      ['Today', ['a', 'b']],
      ['Yesterday', ['c']],
      ['02/28/2026', ['d']],
    ]);
  });
  it('links requests by role', () => {
    expect(requestLink('isssAdmin', 'r1')).toBe('/isss/request/r1');
    expect(requestLink('ISSSstudent', 'r1')).toBe('/student/request-edit/r1');
    expect(requestLink('scholar', 'r1')).toBe('/scholar/request-edit/r1');
  });
});

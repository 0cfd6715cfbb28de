import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { officeDates } from '../../../app/office-dates';
import { groupByDay } from './group-by-day';

// The panel's days are the office's (docs/product/notifications.md#the-panel), in the institution's
// time zone, whatever zone the reader's browser runs in. 2028 is a leap year: 23:30 on Feb 29 in
// Los Angeles (PST, UTC-8) is 07:30 UTC on Mar 1.
const savedTz = process.env.TZ;
afterAll(() => {
  if (savedTz === undefined) delete process.env.TZ;
  else process.env.TZ = savedTz;
});

const n = (id: string, createdAt: string) => ({
  id,
  text: id,
  typeName: 't',
  requestId: null,
  scholarId: null,
  scholarApplicationId: null,
  profileId: null,
  isRead: false,
  createdAt,
});
const grouped = (items: ReturnType<typeof n>[], timeZone: string, now: string) =>
  groupByDay(items, officeDates(timeZone), new Date(now)).map((g) => [g.label, g.day, g.items.map((i) => i.id)]);

const LATE_ON_LEAP_DAY = '2028-03-01T07:30:00.000Z'; // 23:30 PST on Feb 29
const JUST_AFTER_MIDNIGHT = '2028-03-01T08:10:00.000Z'; // 00:10 PST on Mar 1

describe('groupByDay, the reader in UTC and the office in Los Angeles', () => {
  beforeAll(() => {
    process.env.TZ = 'UTC';
  });

  it('the reader runs in UTC, where the notice is already Mar 1', () => {
    expect(new Date(LATE_ON_LEAP_DAY).getDate()).toBe(1);
  });

  it('a notice at 23:30 office time is Today until the office’s midnight', () => {
    // 23:45 PST on Feb 29: UTC has been on Mar 1 for almost eight hours.
    expect(grouped([n('late', LATE_ON_LEAP_DAY)], 'America/Los_Angeles', '2028-03-01T07:45:00.000Z')).toEqual([
      ['Today', '2028-02-29', ['late']],
    ]);
  });

  it('and Yesterday from the office’s midnight on, beside a notice of the new day', () => {
    expect(
      grouped([n('after', JUST_AFTER_MIDNIGHT), n('late', LATE_ON_LEAP_DAY)], 'America/Los_Angeles', '2028-03-01T08:15:00.000Z'),
    ).toEqual([
      ['Today', '2028-03-01', ['after']],
      ['Yesterday', '2028-02-29', ['late']],
    ]);
  });

  it('older days read MM/DD/YYYY, keeping the order', () => {
    expect(
      grouped(
        [n('a', JUST_AFTER_MIDNIGHT), n('b', LATE_ON_LEAP_DAY), n('c', '2028-02-28T20:00:00.000Z'), n('d', '2028-02-28T07:59:00.000Z')],
        'America/Los_Angeles',
        '2028-03-01T08:15:00.000Z',
      ),
    ).toEqual([
      ['Today', '2028-03-01', ['a']],
      ['Yesterday', '2028-02-29', ['b']],
      ['02/28/2028', '2028-02-28', ['c']],
      ['02/27/2028', '2028-02-27', ['d']],
    ]);
  });
});

describe('groupByDay, the reader in Los Angeles and the office in New York', () => {
  beforeAll(() => {
    process.env.TZ = 'America/Los_Angeles';
  });

  // 23:30 EST on Feb 29 is 04:30 UTC on Mar 1, and still 20:30 on Feb 29 for the reader.
  const LATE_IN_NEW_YORK = '2028-03-01T04:30:00.000Z';

  it('the reader runs in Los Angeles, where it is still Feb 29 evening', () => {
    expect(new Date(LATE_IN_NEW_YORK).getDate()).toBe(29);
  });

  it('a notice at 23:30 office time is Today before the office’s midnight, Yesterday after it', () => {
    expect(grouped([n('late', LATE_IN_NEW_YORK)], 'America/New_York', '2028-03-01T04:59:00.000Z')).toEqual([
      ['Today', '2028-02-29', ['late']],
    ]);
    // 00:01 EST on Mar 1, 21:01 on Feb 29 for the reader: the office's day has turned.
    expect(grouped([n('late', LATE_IN_NEW_YORK)], 'America/New_York', '2028-03-01T05:01:00.000Z')).toEqual([
      ['Yesterday', '2028-02-29', ['late']],
    ]);
  });
});

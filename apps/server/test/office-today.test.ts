import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { institutionsApi, scholarsApi, type sevisApi, type studentsApi, type TSession } from '@meridian/domain';
import { createTestApp, type TTestApp } from './app.js';
import { call } from './http.js';
import { buildEmployment, buildScholarCase, buildSevisSettings, buildStudent, buildStudentWithPendingEvent } from './factories/index.js';
import { runOptDailyJob } from '../src/modules/students/opt/operations/run-opt-daily-job.js';
import { auditActionsOf } from './readers.js';

/**
 * "Today" on the server is the office's calendar day in the institution's time zone (ctx.today(),
 * docs/product/institutions.md#time-zone), never UTC's, which turns over at 4 or 5 pm in Los Angeles
 * and 7 or 8 pm in New York. The clock is pinned (only Date is faked: the database and the timers run
 * as usual) at 23:30 and 00:30 local, on Feb 29 of the leap year 2024.
 */
let t: TTestApp;
let admin: TSession;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin');
});
afterAll(async () => {
  await t?.close();
});
afterEach(() => {
  vi.useRealTimers();
});

const pinClock = (iso: string) => vi.useFakeTimers({ toFake: ['Date'], now: new Date(iso) });
const settings = async () =>
  (await call(t, 'GET', '/api/institution/settings', { as: admin })).json<institutionsApi.TUpdateInstitutionSettingsInput>();
const setTimeZone = async (timeZone: string) =>
  call(t, 'PUT', '/api/institution/settings', { as: admin, body: { ...(await settings()), timeZone } });

describe('updateInstitutionSettings: the time zone', () => {
  it('starts as the demo institution’s own zone, takes an IANA name and is audited; branding carries it to the browser', async () => {
    expect((await settings()).timeZone).toBe('America/Chicago');
    const res = await setTimeZone('America/New_York');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ timeZone: 'America/New_York' });
    expect((await call(t, 'GET', '/api/institution/branding')).json()).toMatchObject({ timeZone: 'America/New_York' });
    expect(await auditActionsOf(t, t.institutionA, { entityType: 'institution' })).toContain('institution.settings.updated');
    // The other institution keeps its own zone.
    expect((await t.sqlOne<{ time_zone: string }>('select time_zone from institutions where id = $1', [t.institutionB])).time_zone).toBe(
      'America/Chicago',
    );
  });

  it('refuses what is not an IANA zone the runtime knows, with the message on the field', async () => {
    for (const timeZone of ['EST', 'UTC-5', 'America/Springfield']) {
      const res = await setTimeZone(timeZone);
      expect(res.statusCode, timeZone).toBe(400);
      expect(res.json().fieldErrors.timeZone, timeZone).toEqual([institutionsApi.TIME_ZONE_UNKNOWN]);
    }
  });
});

describe('changeCaseStatus: a change may not be dated after the office’s today', () => {
  const changeOn = async (changeDate: string) => {
    const k = await buildScholarCase(t);
    return call(t, 'POST', `/api/scholars/office/cases/${k.applicationId}/status`, {
      as: admin,
      body: { phase: 'sponsorship_request', status: 'on_hold', changeDate, version: 1 },
    });
  };

  it('Los Angeles, 23:30 on Feb 29, 2024 (07:30 UTC on Mar 1): Feb 29 is today, Mar 1 is the future', async () => {
    await setTimeZone('America/Los_Angeles');
    pinClock('2024-03-01T07:30:00Z');
    expect((await changeOn('2024-02-29')).statusCode).toBe(200);
    const future = await changeOn('2024-03-01');
    expect(future.statusCode).toBe(400);
    expect(future.json().fieldErrors.changeDate).toEqual([scholarsApi.FUTURE_CHANGE_DATE]);
  });

  it('Los Angeles, 00:30 on Mar 1: Mar 1 is today', async () => {
    await setTimeZone('America/Los_Angeles');
    pinClock('2024-03-01T08:30:00Z');
    expect((await changeOn('2024-03-01')).statusCode).toBe(200);
    expect((await changeOn('2024-03-02')).statusCode).toBe(400);
  });

  it('New York, 23:30 on Feb 28, 2024: Feb 29 is still the future; at 00:30 it is today', async () => {
    await setTimeZone('America/New_York');
    pinClock('2024-02-29T04:30:00Z');
    expect((await changeOn('2024-02-28')).statusCode).toBe(200);
    expect((await changeOn('2024-02-29')).statusCode).toBe(400);
    pinClock('2024-02-29T05:30:00Z');
    expect((await changeOn('2024-02-29')).statusCode).toBe(200);
  });
});

// SEVIS Create-UpdateStudent 6.55, Program/ManageSessionDates/IssDate: the date the new I-20 is issued.
describe('createBatches: a form issued in the batch is dated the office’s today (SEVIS IssDate)', () => {
  let medF: string;
  beforeAll(async () => {
    medF = (await buildSevisSettings(t, { site: 'MED', kind: 'F' })).id;
  });

  const issuedOn = async () => {
    // A session-dates change on a record without an issue date of its own: SEVIS prints a new I-20 dated today.
    const s = await buildStudentWithPendingEvent(t, {
      record: { documentIssueDate: null, programStartDate: '2023-08-21', programEndDate: '2025-05-16' },
      event: { eventType: 'Program', action: 'ManageSessionDates', payload: { remarks: 'New session dates' } },
    });
    const res = await call(t, 'POST', '/api/sevis/batches', { as: admin, body: { settingsId: medF, eventIds: [s.eventId] } });
    expect(res.statusCode, res.body).toBe(200);
    const out = res.json<sevisApi.TCreateBatchesOutput>();
    expect(out.heldEvents, res.body).toBe(0);
    const { xml } = await t.sqlOne<{ xml: string }>('select xml from sevis_batches where id = $1', [out.batches[0]!.id]);
    return /<IssDate>([^<]+)<\/IssDate>/.exec(xml)?.[1];
  };

  it('Los Angeles: 23:30 on Feb 29, 2024 issues on Feb 29; 00:30 on Mar 1 issues on Mar 1', async () => {
    await setTimeZone('America/Los_Angeles');
    pinClock('2024-03-01T07:30:00Z');
    expect(await issuedOn()).toBe('2024-02-29');
    pinClock('2024-03-01T08:30:00Z');
    expect(await issuedOn()).toBe('2024-03-01');
  });

  it('New York: 23:30 on Feb 28, 2024 issues on Feb 28; 00:30 issues on Feb 29', async () => {
    await setTimeZone('America/New_York');
    pinClock('2024-02-29T04:30:00Z');
    expect(await issuedOn()).toBe('2024-02-28');
    pinClock('2024-02-29T05:30:00Z');
    expect(await issuedOn()).toBe('2024-02-29');
  });
});

// 8 CFR 214.2(f)(10)(ii)(E): at most 90 days of unemployment in the post-completion OPT period, 150 in all from the
// first day of a STEM extension. The counter counts to the office's today: at 23:30 in Los Angeles it is already
// the next day in UTC. Each limit is checked on both sides of its day, in the leap year 2028.
describe('OPT unemployment days at 23:30 in Los Angeles (8 CFR 214.2(f)(10)(ii)(E))', () => {
  /** 23:30 Pacific on that day of 2028 (PST until March 12, PDT after), signed in again at that time. */
  const at2330 = async (day: string) => {
    pinClock(`${day}T23:30:00${day < '2028-03-12' ? '-08:00' : '-07:00'}`);
    return t.login('admin');
  };
  const unemploymentOf = async (as: TSession, lastName: string) => {
    const res = await call(t, 'GET', '/api/students/opt-employers', { as, query: { q: lastName } });
    expect(res.statusCode, res.body).toBe(200);
    const [row] = res.json<{ items: studentsApi.TOptStudent[] }>().items;
    return row!.unemployment;
  };
  const deadlineOf = async (as: TSession, profileId: string) => {
    const res = await call(t, 'GET', '/api/students/deadlines', { as, query: { kind: 'unemployment', pageSize: 100 } });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ items: { key: string; what: string }[] }>().items.find((d) => d.key === `unemployment:${profileId}`)?.what;
  };
  /** Post-completion OPT to the leap day, the STEM extension from 03/01/2028, employed from its start to `lastJobDay`. */
  const withStem = async (lastName: string, lastJobDay: string) => {
    const s = await buildStudent(t, { lastName, programEndDate: '2027-02-15' });
    await buildEmployment(t, s, {
      optPhase: '02',
      authorizedStartDate: '2027-03-01',
      authorizedEndDate: '2028-02-29',
      employerName: 'Lakeside Labs',
      startDate: '2027-03-01',
      endDate: lastJobDay,
    });
    await buildEmployment(t, s, { optPhase: '03', authorizedStartDate: '2028-03-01', authorizedEndDate: '2030-02-28' });
    return s;
  };

  it('listOptStudents and the deadlines: day 90 (03/30/2028) within the limit, day 91 exceeded', async () => {
    await setTimeZone('America/Los_Angeles');
    const s = await buildStudent(t, { lastName: 'Ninetyday', programEndDate: '2027-11-15' });
    await buildEmployment(t, s, { optPhase: '02', authorizedStartDate: '2028-01-01', authorizedEndDate: '2028-12-31' });
    let as = await at2330('2028-02-29');
    expect(await unemploymentOf(as, 'Ninetyday')).toMatchObject({ used: 60, allowed: 90, remaining: 30, level: 'warning' });
    as = await at2330('2028-03-30');
    expect(await unemploymentOf(as, 'Ninetyday')).toMatchObject({ used: 90, remaining: 0, level: 'critical', exceededOn: null });
    expect(await deadlineOf(as, s.id)).toBe('90 of 90 unemployment days used; 0 left');
    as = await at2330('2028-03-31');
    expect(await unemploymentOf(as, 'Ninetyday')).toMatchObject({
      used: 91,
      level: 'exceeded',
      exceededOn: '2028-03-31',
      exceededLimit: 90,
      over: 1,
    });
    expect(await deadlineOf(as, s.id)).toBe('Unemployment limit exceeded: 1 day over the 90-day limit');
  });

  it('the STEM start: 90 allowed on the last post-completion day (the leap day), 150 from the STEM extension’s first day', async () => {
    await setTimeZone('America/Los_Angeles');
    // Unemployed from 01/01/2028: 60 days on 02/29.
    await withStem('Stemleap', '2027-12-31');
    let as = await at2330('2028-02-29');
    expect(await unemploymentOf(as, 'Stemleap')).toMatchObject({ used: 60, allowed: 90, remaining: 30, stemStartsOn: '2028-03-01' });
    as = await at2330('2028-03-01');
    expect(await unemploymentOf(as, 'Stemleap')).toMatchObject({ used: 61, allowed: 150, remaining: 89, level: 'ok' });
  });

  it('150 in all: day 150 (04/29/2028) within the limit, day 151 exceeded', async () => {
    await setTimeZone('America/Los_Angeles');
    // Unemployed from 12/02/2027: 90 post-completion days by the leap day, the 91st on the STEM extension's first day.
    await withStem('Stemfifty', '2027-12-01');
    let as = await at2330('2028-03-01');
    expect(await unemploymentOf(as, 'Stemfifty')).toMatchObject({ used: 91, allowed: 150, level: 'ok', exceededOn: null });
    as = await at2330('2028-04-29');
    expect(await unemploymentOf(as, 'Stemfifty')).toMatchObject({ used: 150, remaining: 0, level: 'critical', exceededOn: null });
    as = await at2330('2028-04-30');
    expect(await unemploymentOf(as, 'Stemfifty')).toMatchObject({
      used: 151,
      level: 'exceeded',
      exceededOn: '2028-04-30',
      exceededLimit: 150,
      over: 1,
    });
  });

  it('the daily alerts follow the office day: critical on day 90, exceeded on day 91 (the leap day), and no second one when the STEM extension starts', async () => {
    await setTimeZone('America/Los_Angeles');
    // Unemployed from 12/01/2027: day 90 on 02/28/2028, day 91 on 02/29 (still post-completion).
    const s = await withStem('Stemalert', '2027-11-30');
    const alerts = async () =>
      (
        await t.sql<{ key: string; used: number }>(
          `select after->>'key' as key, (after->>'used')::int as used from audit_events
            where entity_id = $1 and action = 'student.opt.unemployment-alert' order by at`,
          [s.id],
        )
      ).map((a) => `${a.key} (${a.used})`);
    for (const day of ['2028-02-28', '2028-02-28', '2028-02-29', '2028-02-29', '2028-03-01', '2028-03-02']) {
      pinClock(`${day}T23:30:00-08:00`);
      await runOptDailyJob(t.services);
    }
    // The 90-day limit was passed in the post-completion period; the STEM extension starting does not make it a new alert.
    expect(await alerts()).toEqual(['critical:90 (90)', 'exceeded:90 (91)']);
  });
});

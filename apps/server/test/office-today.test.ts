import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { institutionsApi, scholarsApi, type sevisApi, type TSession } from '@meridian/domain';
import { createTestApp, type TTestApp } from './app.js';
import { call } from './http.js';
import { buildScholarCase, buildSevisSettings, buildStudentWithPendingEvent } from './factories/index.js';
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

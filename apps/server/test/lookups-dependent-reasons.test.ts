import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEPENDENT_END_MSG, LOOKUP_MSG, type TSession } from '@meridian/domain';
import { lookupValueHelpers } from './fixtures/lookup-values.js';
import { createTestApp, type TTestApp } from './app.js';
import { call } from './http.js';
import {
  batchOf as batchOfEvent,
  buildDependent,
  buildPendingEvent,
  buildSevisSettings,
  buildStudent,
  daysFromToday,
  sevisReadyRecord,
} from './factories/index.js';

/**
 * Ending a dependent's status with the reasons of the office's lists (docs/product/students-records.md#dependents,
 * docs/product/lookups.md#how-forms-use-the-lists): an F-2 is terminated with SEVIS Table 3; a J-2 is either terminated
 * for a violation (Table 19, SEVIS's dependent Terminate) or its program ended (Table 18, End Status, kept as END-xx).
 * Each reason given anew is checked against its own list (unknown or retired refused on the field, nothing saved);
 * OTHER (09) needs remarks, sent as SEVIS's other remarks. Each batch validates against its schema (batchOf: xmllint).
 */
let t: TTestApp;
let admin: TSession;
let mainF: string;
let mainJ: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin');
  mainF = (await buildSevisSettings(t, { site: 'MAIN', kind: 'F' })).id;
  mainJ = (await buildSevisSettings(t, { site: 'MAIN', kind: 'J' })).id;
});
afterAll(async () => t?.close());

const { retire, restore } = lookupValueHelpers(
  () => t,
  () => admin,
);

type TEvent = { id: string; action: string; status: string; payload: Record<string, unknown> };
const dependentEvents = (profileId: string) =>
  t.sql<TEvent>(`select id, action, status, payload from sevis_pending_events where profile_id = $1 and event_type = 'Dependent'`, [
    profileId,
  ]);
const statusOf = async (dependentId: string) =>
  (
    await t.sql<{ status: string; termination_reason_cd: string }>(
      'select status, termination_reason_cd from student_dependents where id = $1',
      [dependentId],
    )
  )[0]!;

async function f2() {
  const s = await buildStudent(t, sevisReadyRecord());
  const d = await buildDependent(t, s, { sevisId: 'N0001230001' });
  return { s, d, url: `/api/students/${s.id}/dependents/${d.id}/terminate` };
}
async function j2() {
  const s = await buildStudent(t, { ...sevisReadyRecord(), visaType: 'J-1', evCategoryCode: '1B' });
  const d = await buildDependent(t, s, {
    sevisId: 'N0001230002',
    gender: 'F',
    birthCity: 'Seoul',
    birthCountryCode: 'KR',
    citizenshipCountryCode: 'KR',
    permanentResidenceCountryCode: 'KR',
  });
  return { s, d, url: `/api/students/${s.id}/dependents/${d.id}/terminate` };
}
const end = (url: string, body: Record<string, unknown>) => call(t, 'POST', url, { as: admin, body });

describe('F-2: terminated with a reason of the office’s Table 3 list', () => {
  it('a list code is taken and its SEVIS event carries it; the batch sends it as the F-2’s Terminate', async () => {
    const { s, d, url } = await f2();
    const res = await end(url, { reasonCode: '03' });
    expect(res.statusCode, res.body).toBe(200);
    expect(await statusOf(d.id)).toEqual({ status: 'Terminated', termination_reason_cd: '03' });
    const [e] = await dependentEvents(s.id);
    expect(e).toMatchObject({ action: 'Terminate', payload: { sevisReasonCode: '03' } });
    expect(await batchOfEvent(t, e!.id, { as: admin, settingsId: mainF })).toMatch(
      /<Terminate dependentSevisID="N0001230001">\s*<Reason>03<\/Reason>\s*<\/Terminate>/,
    );
  });

  it('a retired code given anew is refused on the reason, nothing saved; offered again it is taken', async () => {
    const { s, d, url } = await f2();
    await retire('dependent-termination-reasons', '04');
    try {
      const retired = await end(url, { reasonCode: '04' });
      expect(retired.statusCode).toBe(400);
      expect(retired.json().fieldErrors).toEqual({ reasonCode: [LOOKUP_MSG.retired] });
      expect((await statusOf(d.id)).status).not.toBe('Terminated');
      expect(await dependentEvents(s.id)).toEqual([]);
      // A J-2's end-program value is not an F-2 reason.
      expect((await end(url, { reasonCode: 'END-02' })).json().fieldErrors).toEqual({ reasonCode: [LOOKUP_MSG.notInList] });
    } finally {
      await restore('dependent-termination-reasons', '04');
    }
    expect((await end(url, { reasonCode: '04' })).statusCode).toBe(200);
  });

  it('a value already held stays valid: the update of a dependent ended with a code retired since is still sent', async () => {
    const { s, url } = await f2();
    expect((await end(url, { reasonCode: '10' })).statusCode).toBe(200);
    await retire('dependent-termination-reasons', '10');
    try {
      const [e] = await dependentEvents(s.id);
      expect(await batchOfEvent(t, e!.id, { as: admin, settingsId: mainF })).toMatch(/<Reason>10<\/Reason>/);
    } finally {
      await restore('dependent-termination-reasons', '10');
    }
  });

  // SEVIS S1034: "Other remarks are required when reason of ‘OTHER’ is selected" (Table 3's 09).
  it('09 OTHER without remarks is refused on the remarks (SEVIS S1034); with them it is taken and sent as other remarks', async () => {
    const { s, d, url } = await f2();
    for (const remarks of [undefined, '', '   ']) {
      const bare = await end(url, { reasonCode: '09', ...(remarks === undefined ? {} : { remarks }) });
      expect(bare.statusCode).toBe(400);
      expect(bare.json().fieldErrors).toEqual({ remarks: [DEPENDENT_END_MSG.otherNeedsRemarks] });
    }
    expect((await statusOf(d.id)).status).not.toBe('Terminated');
    const ok = await end(url, { reasonCode: '09', remarks: 'Changed to H-4 status' });
    expect(ok.statusCode, ok.body).toBe(200);
    const [e] = await dependentEvents(s.id);
    expect(e!.payload).toMatchObject({ sevisReasonCode: '09', otherRemarks: 'Changed to H-4 status' });
    expect(await batchOfEvent(t, e!.id, { as: admin, settingsId: mainF })).toMatch(
      /<Reason>09<\/Reason>\s*<OtherRemarks>Changed to H-4 status<\/OtherRemarks>\s*<\/Terminate>/,
    );
  });
});

describe('J-2: terminated (Table 19) or its program ended (Table 18), each from its own list', () => {
  it('Terminate: a Table 19 code is taken and sent as the J-2’s Terminate with its effective date', async () => {
    const { s, d, url } = await j2();
    const res = await end(url, { reasonCode: '05' });
    expect(res.statusCode, res.body).toBe(200);
    expect(await statusOf(d.id)).toEqual({ status: 'Terminated', termination_reason_cd: '05' });
    const [e] = await dependentEvents(s.id);
    expect(e).toMatchObject({ action: 'Terminate', payload: { sevisReasonCode: '05' } });
    const xml = await batchOfEvent(t, e!.id, { as: admin, settingsId: mainJ, kind: 'ev' });
    expect(xml).toMatch(/<Terminate dependentSevisID="N0001230002">\s*<Reason>05<\/Reason>\s*<EffectiveDate>/);
    expect(xml).not.toContain('<EndStatus');
  });

  it('End program: a Table 18 code (END-04) is taken and sent as the J-2’s End Status', async () => {
    const { s, d, url } = await j2();
    const res = await end(url, { reasonCode: 'END-04' });
    expect(res.statusCode, res.body).toBe(200);
    expect(await statusOf(d.id)).toEqual({ status: 'Terminated', termination_reason_cd: 'END-04' });
    const [e] = await dependentEvents(s.id);
    expect(e).toMatchObject({ action: 'Terminate', payload: { sevisReasonCode: 'END-04' } });
    const xml = await batchOfEvent(t, e!.id, { as: admin, settingsId: mainJ, kind: 'ev' });
    expect(xml).toMatch(/<EndStatus dependentSevisID="N0001230002">\s*<Reason>04<\/Reason>\s*<\/EndStatus>/);
    expect(xml).not.toContain('<Terminate');
  });

  it('a code of the other list, or one the office retired, is refused on the reason when given anew', async () => {
    const { s, url } = await j2();
    // 04 DIVORCE is Table 18's (End program), not a Table 19 termination; 05 is Table 19's, not Table 18's.
    expect((await end(url, { reasonCode: '04' })).json().fieldErrors).toEqual({ reasonCode: [LOOKUP_MSG.notInList] });
    expect((await end(url, { reasonCode: 'END-05' })).json().fieldErrors).toEqual({ reasonCode: [LOOKUP_MSG.notInList] });
    // Words of the old list are no longer given.
    expect((await end(url, { reasonCode: 'DIVORCE' })).json().fieldErrors).toEqual({ reasonCode: [LOOKUP_MSG.notInList] });
    await retire('ev-dependent-end-reasons', '02');
    await retire('ev-dependent-termination-reasons', '01');
    try {
      const ended = await end(url, { reasonCode: 'END-02' });
      expect(ended.statusCode).toBe(400);
      expect(ended.json().fieldErrors).toEqual({ reasonCode: [LOOKUP_MSG.retired] });
      expect((await end(url, { reasonCode: '01' })).json().fieldErrors).toEqual({ reasonCode: [LOOKUP_MSG.retired] });
      expect(await dependentEvents(s.id)).toEqual([]);
    } finally {
      await restore('ev-dependent-end-reasons', '02');
      await restore('ev-dependent-termination-reasons', '01');
    }
    expect((await end(url, { reasonCode: 'END-02' })).statusCode).toBe(200);
  });

  // SEVIS S2222: "Other remarks are required when termination reason of ‘OTHER’ is selected" (Table 19's 09); the known bug
  // was a J-2 terminated with 09 and no remarks.
  it('Terminate 09 OTHER without remarks is refused (SEVIS S2222); with them it is taken and sent as other remarks', async () => {
    const { s, d, url } = await j2();
    const bare = await end(url, { reasonCode: '09' });
    expect(bare.statusCode).toBe(400);
    expect(bare.json().fieldErrors).toEqual({ remarks: [DEPENDENT_END_MSG.otherNeedsRemarks] });
    expect((await statusOf(d.id)).status).not.toBe('Terminated');
    expect(await dependentEvents(s.id)).toEqual([]);
    const ok = await end(url, { reasonCode: '09', remarks: 'Left the program' });
    expect(ok.statusCode, ok.body).toBe(200);
    const [e] = await dependentEvents(s.id);
    expect(await batchOfEvent(t, e!.id, { as: admin, settingsId: mainJ, kind: 'ev' })).toMatch(
      /<Reason>09<\/Reason>\s*<EffectiveDate>[^<]+<\/EffectiveDate>\s*<OtherRemarks>Left the program<\/OtherRemarks>\s*<\/Terminate>/,
    );
  });

  // SEVIS S2130: "Other remarks are required when reason of ‘OTHER’ is selected" (Table 18's 09, End Status).
  it('End program 09 OTHER without remarks is refused (SEVIS S2130); with them it is sent as the End Status’s other remarks', async () => {
    const { s, url } = await j2();
    expect((await end(url, { reasonCode: 'END-09', remarks: ' ' })).json().fieldErrors).toEqual({
      remarks: [DEPENDENT_END_MSG.otherNeedsRemarks],
    });
    expect((await end(url, { reasonCode: 'END-09', remarks: 'Child turned 21' })).statusCode).toBe(200);
    const [e] = await dependentEvents(s.id);
    expect(await batchOfEvent(t, e!.id, { as: admin, settingsId: mainJ, kind: 'ev' })).toMatch(
      /<EndStatus dependentSevisID="N0001230002">\s*<Reason>09<\/Reason>\s*<OtherRemarks>Child turned 21<\/OtherRemarks>\s*<\/EndStatus>/,
    );
  });
});

describe('a held dependent update completed with a reason of the lists', () => {
  it('J-2: End program or Terminate, checked against its own list; OTHER needs other remarks; the record keeps the reason', async () => {
    const { s, d } = await j2();
    await t.sql(`update student_dependents set status = 'Terminated', termination_reason_cd = 'MARRIED' where id = $1`, [d.id]);
    const e = await buildPendingEvent(t, s, {
      eventType: 'Dependent',
      action: 'Terminate',
      status: 'held',
      dependentId: d.id,
      payload: { effectiveDate: daysFromToday(0) },
    });
    const url = `/api/students/${s.id}/sevis-events/${e.id}/complete`;
    const complete = (values: Record<string, string>) => call(t, 'POST', url, { as: admin, body: { values } });
    expect((await complete({ sevisReasonCode: '04' })).json().fieldErrors).toEqual({ 'values.sevisReasonCode': [LOOKUP_MSG.notInList] });
    await retire('ev-dependent-end-reasons', '04');
    try {
      expect((await complete({ sevisReasonCode: 'END-04' })).json().fieldErrors).toEqual({
        'values.sevisReasonCode': [LOOKUP_MSG.retired],
      });
    } finally {
      await restore('ev-dependent-end-reasons', '04');
    }
    expect((await complete({ sevisReasonCode: '09', otherRemarks: '' })).json().fieldErrors).toEqual({
      'values.otherRemarks': [DEPENDENT_END_MSG.otherNeedsRemarks],
    });
    const done = await complete({ sevisReasonCode: '09', otherRemarks: 'Worked off campus without authorization' });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({ status: 'pending', payload: { sevisReasonCode: '09' } });
    expect((await statusOf(d.id)).termination_reason_cd).toBe('09');
    expect(await batchOfEvent(t, e.id, { as: admin, settingsId: mainJ, kind: 'ev' })).toMatch(
      /<Reason>09<\/Reason>\s*<EffectiveDate>[^<]+<\/EffectiveDate>\s*<OtherRemarks>Worked off campus without authorization<\/OtherRemarks>/,
    );
  });

  it('F-2: a Table 3 code of the list; a J-2’s end-program value is refused', async () => {
    const { s, d } = await f2();
    await t.sql(`update student_dependents set status = 'Terminated' where id = $1`, [d.id]);
    const e = await buildPendingEvent(t, s, {
      eventType: 'Dependent',
      action: 'Terminate',
      status: 'held',
      dependentId: d.id,
      payload: {},
    });
    const url = `/api/students/${s.id}/sevis-events/${e.id}/complete`;
    const complete = (values: Record<string, string>) => call(t, 'POST', url, { as: admin, body: { values } });
    expect((await complete({ sevisReasonCode: 'END-04' })).json().fieldErrors).toEqual({
      'values.sevisReasonCode': [LOOKUP_MSG.notInList],
    });
    const done = await complete({ sevisReasonCode: '06' });
    expect(done.statusCode, done.body).toBe(200);
    expect(await batchOfEvent(t, e.id, { as: admin, settingsId: mainF })).toMatch(/<Reason>06<\/Reason>/);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOOKUP_MSG, type TRequestDetail, type TSession } from '@meridian/domain';
import { lookupValueHelpers } from './fixtures/lookup-values.js';
import { createTestApp, type TTestApp } from './app.js';
import { call } from './http.js';
import {
  approveRequest,
  buildPendingEvent,
  buildStudent,
  daysFromToday,
  recordSevisAccepted,
  saveRequestData,
  sevisReadyRecord,
  studentOf,
  submitRequest,
  updateStudent,
} from './factories/index.js';

/**
 * SEVIS's status change reasons read from the office's lists (docs/product/lookups.md#how-forms-use-the-lists):
 * ending a record on its SEVIS section, completing a held Status update and the office's Terminate SEVIS Record
 * request. A reason the list does not have is refused on its field, one the office retired is refused when given
 * anew, and nothing is saved; offered again, it is taken.
 */
let t: TTestApp;
let admin: TSession;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin');
});
afterAll(async () => t?.close());

const { valueOf, retire, restore } = lookupValueHelpers(
  () => t,
  () => admin,
);

const relabel = async (key: string, code: string, label: string) => {
  const res = await call(t, 'PATCH', `/api/lookups/${key}/values/${(await valueOf(key, code)).id}`, { as: admin, body: { label } });
  expect(res.statusCode, res.body).toBe(200);
};

const put = async (profileId: string, body: Record<string, unknown>) => {
  const [r] = await t.sql<{ updated_at: Date }>('select updated_at from student_profiles where id = $1', [profileId]);
  return call(t, 'PUT', `/api/students/${profileId}`, { as: admin, body: { ...body, updatedAt: r!.updated_at.toISOString() } });
};
const statusOf = async (profileId: string) =>
  (await t.sql<{ sevis_status: string }>('select sevis_status from student_profiles where id = $1', [profileId]))[0]!.sevis_status;
const statusEvents = async (profileId: string) =>
  t.sql<{ action: string; payload: Record<string, unknown> }>(
    `select action, payload from sevis_pending_events where profile_id = $1 and event_type = 'Status'`,
    [profileId],
  );

describe('ending a record: the SEVIS reason from the office’s list', () => {
  it('F-1 Terminated: an unknown reason and an M-1-only one are refused on the field, a retired one too; restored it is taken', async () => {
    const s = await buildStudent(t, sevisReadyRecord());
    const unknown = await put(s.id, { sevisStatus: 'Terminated', sevisStatusReasonCode: 'ZZ' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().fieldErrors).toEqual({ sevisStatusReasonCode: [LOOKUP_MSG.notInList] });
    // SEVIS Table 13's 15 is on the list with the M-1 column only: an F-1 record is not offered it.
    const m1 = await put(s.id, { sevisStatus: 'Terminated', sevisStatusReasonCode: '15' });
    expect(m1.json().fieldErrors).toEqual({ sevisStatusReasonCode: [LOOKUP_MSG.notInList] });
    await retire('student-termination-reasons', '09');
    try {
      const retired = await put(s.id, { sevisStatus: 'Terminated', sevisStatusReasonCode: '09' });
      expect(retired.statusCode).toBe(400);
      expect(retired.json().fieldErrors).toEqual({ sevisStatusReasonCode: [LOOKUP_MSG.retired] });
      expect(await statusOf(s.id)).toBe('Active');
      expect(await statusEvents(s.id)).toEqual([]);
    } finally {
      await restore('student-termination-reasons', '09');
    }
    const ok = await put(s.id, { sevisStatus: 'Terminated', sevisStatusReasonCode: '09' });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(await statusEvents(s.id)).toMatchObject([{ action: 'Terminate', payload: { sevisReasonCode: '09' } }]);
  });

  it('F-1 Canceled and J-1 Terminated read their own lists (SEVIS Table 10, Table 24)', async () => {
    const initial = await buildStudent(t, { ...sevisReadyRecord(), sevisStatus: 'Initial' });
    await retire('student-cancellation-reasons', '05');
    try {
      const retired = await put(initial.id, { sevisStatus: 'Canceled', sevisStatusReasonCode: '05' });
      expect(retired.json().fieldErrors).toEqual({ sevisStatusReasonCode: [LOOKUP_MSG.retired] });
      // A termination reason is not a cancellation reason.
      const other = await put(initial.id, { sevisStatus: 'Canceled', sevisStatusReasonCode: '16' });
      expect(other.json().fieldErrors).toEqual({ sevisStatusReasonCode: [LOOKUP_MSG.notInList] });
    } finally {
      await restore('student-cancellation-reasons', '05');
    }
    expect((await put(initial.id, { sevisStatus: 'Canceled', sevisStatusReasonCode: '05' })).statusCode).toBe(200);

    const j1 = await buildStudent(t, { ...sevisReadyRecord(), visaType: 'J-1', evCategoryCode: '1B', sevisStatusDate: daysFromToday(0) });
    await retire('ev-termination-reasons', 'INVSUS');
    try {
      const retired = await put(j1.id, { sevisStatus: 'Terminated', sevisStatusReasonCode: 'INVSUS' });
      expect(retired.json().fieldErrors).toEqual({ sevisStatusReasonCode: [LOOKUP_MSG.retired] });
      expect(await statusOf(j1.id)).toBe('Active');
    } finally {
      await restore('ev-termination-reasons', 'INVSUS');
    }
    expect((await put(j1.id, { sevisStatus: 'Terminated', sevisStatusReasonCode: 'INVSUS' })).statusCode).toBe(200);
  });
});

describe('completing a held Status update: the reason from the office’s list', () => {
  it('refuses an unknown or retired reason on its field and leaves the update held; takes it once offered again', async () => {
    const s = await buildStudent(t, sevisReadyRecord());
    const e = await buildPendingEvent(t, s, {
      eventType: 'Status',
      action: 'Terminate',
      status: 'held',
      payload: { sevisId: 'N0000000001' },
    });
    const url = `/api/students/${s.id}/sevis-events/${e.id}/complete`;
    const unknown = await call(t, 'POST', url, { as: admin, body: { values: { sevisReasonCode: '06' } } });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().fieldErrors).toEqual({ 'values.sevisReasonCode': [LOOKUP_MSG.notInList] });
    await retire('student-termination-reasons', '11');
    try {
      const retired = await call(t, 'POST', url, { as: admin, body: { values: { sevisReasonCode: '11' } } });
      expect(retired.statusCode).toBe(400);
      expect(retired.json().fieldErrors).toEqual({ 'values.sevisReasonCode': [LOOKUP_MSG.retired] });
      const [held] = await t.sql<{ status: string }>('select status from sevis_pending_events where id = $1', [e.id]);
      expect(held!.status).toBe('held');
    } finally {
      await restore('student-termination-reasons', '11');
    }
    const done = await call(t, 'POST', url, { as: admin, body: { values: { sevisReasonCode: '11' } } });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({ status: 'pending', payload: { sevisReasonCode: '11' } });
  });
});

describe('Terminate SEVIS Record (the office’s request): the reason from the office’s list', () => {
  async function startTerminate(profileId: string): Promise<TRequestDetail> {
    const types = (await call(t, 'GET', `/api/students/${profileId}/startable-types`, { as: admin })).json<
      { id: string; code: string }[]
    >();
    const type = types.find((x) => x.code === 'terminate_request')!;
    const started = await call(t, 'POST', `/api/students/${profileId}/requests`, { as: admin, body: { requestTypeId: type.id } });
    expect(started.statusCode, started.body).toBe(200);
    return started.json<TRequestDetail>();
  }

  it('refuses an unknown or retired reason on its field at save; restored, it is approved and the student told in the office’s words', async () => {
    // The demo student, who has a portal account to be told in.
    const s = await studentOf(t);
    await recordSevisAccepted(t, s.id);
    await updateStudent(t, s.id, { visaType: 'F-1', sevisStatus: 'Active', ...sevisReadyRecord() });
    const r = await startTerminate(s.id);
    const unknown = await saveRequestData(t, r.id, { termination_reason: '07' }, admin);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().fieldErrors).toEqual({ 'data.termination_reason': [LOOKUP_MSG.notInList] });
    await retire('student-termination-reasons', '08');
    try {
      const retired = await saveRequestData(t, r.id, { termination_reason: '08' }, admin);
      expect(retired.statusCode).toBe(400);
      expect(retired.json().fieldErrors).toEqual({ 'data.termination_reason': [LOOKUP_MSG.retired] });
    } finally {
      await restore('student-termination-reasons', '08');
    }
    await relabel('student-termination-reasons', '08', 'Expelled by the university');
    expect((await saveRequestData(t, r.id, { termination_reason: '08' }, admin)).statusCode).toBe(200);
    const sent = await submitRequest(t, r.id, admin);
    expect(sent.statusCode, sent.body).toBe(200);
    const approved = await approveRequest(t, r.id, admin);
    expect(approved.statusCode, approved.body).toBe(200);
    expect(await statusOf(s.id)).toBe('Terminated');
    expect(await statusEvents(s.id)).toMatchObject([{ action: 'Terminate', payload: { sevisReasonCode: '08' } }]);
    const [bell] = await t.sql<{ text: string }>(
      `select n.text from notifications n join student_profiles p on p.user_id = n.user_id
        where p.id = $1 and n.type_name = 'student.record-terminated'`,
      [s.id],
    );
    expect(bell?.text).toContain('expelled by the university');
  });
});

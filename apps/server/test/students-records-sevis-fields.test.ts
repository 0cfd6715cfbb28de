import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { studentsApi, type TSession } from '@meridian/domain';
import { createTestApp, type TTestApp } from './app.js';
import { call } from './http.js';
import { buildStudent, holdPendingEvents, siteIdOf } from './factories/index.js';

/**
 * What SEVIS needs on a new I-20 (English proficiency, academic term) and DS-2019 (position code,
 * U.S. government funds): staff set them on create and edit, with field messages; a change is in the
 * History Log; it raises no SEVIS update of its own on a record SEVIS knows, and refreshes the
 * pending Create of one it does not.
 */
let t: TTestApp;
let officer: TSession;
let main: number;
beforeAll(async () => {
  t = await createTestApp();
  officer = await t.login('officer');
  main = await siteIdOf(t, 'MAIN');
});
afterAll(async () => {
  await t?.close();
});

const events = (profileId: string) =>
  t.sql<{ event_type: string; status: string }>(
    'select event_type, status from sevis_pending_events where profile_id = $1 order by created_at',
    [profileId],
  );
const get = async (id: string) => (await call(t, 'GET', `/api/students/${id}`, { as: officer })).json<studentsApi.TStudentRecord>();
const put = async (id: string, body: Record<string, unknown>) =>
  call(t, 'PUT', `/api/students/${id}`, { as: officer, body: { ...body, updatedAt: (await get(id)).updatedAt } });
let seq = 0;
/** A distinct name of letters only (SEVIS S1148 refuses digits in names). */
const letters = (n: number): string => (n < 26 ? '' : letters(Math.floor(n / 26) - 1)) + String.fromCharCode(97 + (n % 26));
const create = (over: Record<string, unknown>) => {
  seq += 1;
  return call(t, 'POST', '/api/students', {
    as: officer,
    body: {
      firstName: 'Mina',
      lastName: `Sato ${letters(seq)}`,
      email: `mina${seq}.${Date.now()}@example.edu`,
      birthDate: '2000-06-01',
      citizenshipCountryCode: 'JP',
      visaType: 'F-1',
      campusSiteId: main,
      programStartDate: '2026-08-20',
      programEndDate: '2028-05-15',
      ...over,
    },
  });
};

describe('English proficiency and academic term (new I-20)', () => {
  it('creates an F-1 record with them and shows them back', async () => {
    const res = await create({ englishRequired: true, englishRequirementsMet: true, academicTermMonths: 9 });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      englishRequired: true,
      englishRequirementsMet: true,
      englishNotRequiredReason: '',
      academicTermMonths: 9,
      evPositionCode: '',
      receivedUsGovtFunds: null,
    });
  });

  it('refuses a term outside 1-12 months and English not required without a reason, on the field', async () => {
    const bad = await create({ academicTermMonths: 13, englishRequired: false });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fieldErrors).toMatchObject({
      academicTermMonths: [studentsApi.MSG_ACADEMIC_TERM],
      englishNotRequiredReason: [studentsApi.MSG_ENGLISH_REASON],
    });
    const s = await buildStudent(t);
    const r = await put(s.id, { englishRequired: false });
    expect(r.statusCode).toBe(400);
    expect(r.json().fieldErrors).toEqual({ englishNotRequiredReason: [studentsApi.MSG_ENGLISH_REASON] });
    expect((await put(s.id, { academicTermMonths: 0 })).json().fieldErrors).toEqual({
      academicTermMonths: [studentsApi.MSG_ACADEMIC_TERM],
    });
  });

  it('an edit is in the History Log and raises no SEVIS update on a record SEVIS knows (they travel with Create / change of level)', async () => {
    const s = await buildStudent(t);
    const r = await put(s.id, { englishRequired: false, englishNotRequiredReason: 'Native speaker', academicTermMonths: 4 });
    expect(r.statusCode).toBe(200);
    expect(r.json()).toMatchObject({ englishRequired: false, englishNotRequiredReason: 'Native speaker', academicTermMonths: 4 });
    expect(await events(s.id)).toEqual([]);
    const h = (await call(t, 'GET', `/api/students/${s.id}/history`, { as: officer })).json();
    const upd = h.items.find((e: { action: string }) => e.action === 'student.updated');
    expect(upd).toMatchObject({
      before: { englishRequired: null, englishNotRequiredReason: '', academicTermMonths: null },
      after: { englishRequired: false, englishNotRequiredReason: 'Native speaker', academicTermMonths: 4 },
    });
    expect(upd.after.sevisUpdates).toBeUndefined();
  });

  it('on a record without a SEVIS ID, filling them in queues the Create again after it was held back', async () => {
    const s = (await create({})).json<studentsApi.TStudentRecord>();
    await holdPendingEvents(t, s.id, 'English proficiency required is missing');
    expect((await put(s.id, { englishRequired: true, englishRequirementsMet: true, academicTermMonths: 9 })).statusCode).toBe(200);
    // The held-back Create is superseded by the new one and never leaves (docs/decisions/019-sevis-events-reach-sevis-once.md).
    expect(await events(s.id)).toEqual([
      { event_type: 'Create', status: 'superseded' },
      { event_type: 'Create', status: 'pending' },
    ]);
  });
});

describe('position code and U.S. government funds (new DS-2019)', () => {
  it('creates a J-1 record with them; edits them; refuses a code not on the SEVIS position list', async () => {
    const res = await create({
      visaType: 'J-1',
      evCategoryCode: '1A',
      subjectFieldCode: '26.0102',
      evPositionCode: '213',
      receivedUsGovtFunds: false,
    });
    expect(res.statusCode).toBe(200);
    const r = res.json<studentsApi.TStudentRecord>();
    expect(r).toMatchObject({ evPositionCode: '213', receivedUsGovtFunds: false });
    const bad = await put(r.id, { evPositionCode: '999' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fieldErrors).toEqual({ evPositionCode: [studentsApi.MSG_EV_POSITION] });
    const ok = await put(r.id, { evPositionCode: '310', receivedUsGovtFunds: true });
    expect(ok.json()).toMatchObject({ evPositionCode: '310', receivedUsGovtFunds: true });
    const s = await buildStudent(t, { visaType: 'J-1', evCategoryCode: '1A' });
    expect((await put(s.id, { evPositionCode: '213', receivedUsGovtFunds: false })).statusCode).toBe(200);
    expect(await events(s.id)).toEqual([]);
  });
});

describe('Foreign address on a new record (SEVIS Create needs it)', () => {
  it('is kept when staff give it on create, and the pending Create carries the record', async () => {
    const foreignAddress = { line1: '3-1-1 Marunouchi', city: 'Tokyo', postalCode: '100-0005', countryCode: 'JP' };
    const res = await create({ foreignAddress });
    expect(res.statusCode).toBe(200);
    const record = res.json<studentsApi.TStudentRecord>();
    expect(record.foreignAddress).toMatchObject(foreignAddress);
    expect((await get(record.id)).foreignAddress).toMatchObject(foreignAddress);
    expect(await events(record.id)).toEqual([{ event_type: 'Create', status: 'pending' }]);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEVIS_RULE_MSG, type TSession } from '@meridian/domain';
import { createTestApp, HOST_B, type TTestApp } from './app.js';
import { call, mailsTo } from './http.js';
import { buildProfileCorrection, buildStudent, recordSevisAccepted, setStaffPermissions, siteIdOf } from './factories/index.js';

let t: TTestApp;
let admin: TSession, officer: TSession, assistant: TSession, student: TSession, adminB: TSession;
let main: number, med: number;

beforeAll(async () => {
  t = await createTestApp();
  [admin, officer, assistant, student] = await t.loginAll('admin', 'officer', 'assistant', 'student');
  adminB = await t.login('admin', { host: HOST_B });
  main = await siteIdOf(t, 'MAIN');
  med = await siteIdOf(t, 'MED');
});
afterAll(async () => {
  await t?.close();
});

let seq = 0;
/** A distinct name of letters only (SEVIS S1148 refuses digits in names). */
const letters = (n: number): string => (n < 26 ? '' : letters(Math.floor(n / 26) - 1)) + String.fromCharCode(97 + (n % 26));
function validCreate(over: Record<string, unknown> = {}) {
  seq += 1;
  return {
    firstName: 'Lucas',
    lastName: `Oliveira ${letters(seq)}`,
    email: `lucas${seq}@example.edu`,
    birthDate: '2001-03-04',
    citizenshipCountryCode: 'BR',
    visaType: 'F-1',
    campusSiteId: main,
    programStartDate: '2026-08-20',
    programEndDate: '2028-05-15',
    ...over,
  };
}
const events = (profileId: string) =>
  t.sql<{ event_type: string; action: string; status: string; payload: Record<string, unknown>; dependent_id: string | null }>(
    'select event_type, action, status, payload, dependent_id from sevis_pending_events where profile_id = $1 order by created_at',
    [profileId],
  );
async function fresh(profileId: string, as: TSession = admin) {
  const res = await call(t, 'GET', `/api/students/${profileId}`, { as });
  expect(res.statusCode).toBe(200);
  return res.json<{
    updatedAt: string;
    dependents: { id: string; needsSevisUpdate: boolean }[];
    canEdit: boolean;
    [k: string]: unknown;
  }>();
}

describe('createStudent', () => {
  it('creates a valid record, records it in the History Log and raises a pending SEVIS Create when there is no SEVIS id', async () => {
    const res = await call(t, 'POST', '/api/students', { as: officer, body: validCreate() });
    expect(res.statusCode).toBe(200);
    const r = res.json();
    expect(r).toMatchObject({
      firstName: 'Lucas',
      visaType: 'F-1',
      sevisStatus: 'Initial',
      campusSiteName: 'Main Campus',
      canEdit: true,
      sevisId: null,
    });
    const ev = await events(r.id);
    expect(ev).toHaveLength(1);
    expect(ev[0]).toMatchObject({ event_type: 'Create', status: 'pending' });
    expect(ev[0]!.payload).toMatchObject({ lastName: r.lastName, citizenshipCountryCode: 'BR', programEndDate: '2028-05-15' });
    const h = (await call(t, 'GET', `/api/students/${r.id}/history`, { as: officer })).json();
    expect(h.items.map((e: { action: string }) => e.action)).toEqual(
      expect.arrayContaining(['student.created', 'student.sevis-event.raised']),
    );
  });

  it('does not raise a Create for a record SEVIS already knows', async () => {
    const r = (await call(t, 'POST', '/api/students', { as: admin, body: validCreate({ sevisId: 'N0012345678' }) })).json();
    expect(await events(r.id)).toHaveLength(0);
  });

  it.each([
    'firstName',
    'lastName',
    'email',
    'birthDate',
    'citizenshipCountryCode',
    'visaType',
    'campusSiteId',
    'programStartDate',
    'programEndDate',
  ])('refuses a record without %s, with the message on the field', async (field) => {
    const body: Record<string, unknown> = validCreate();
    delete body[field];
    const res = await call(t, 'POST', '/api/students', { as: admin, body });
    expect(res.statusCode).toBe(400);
    expect(res.json().fieldErrors[field]).toEqual(['Required field']);
  });

  it('asks an exchange visitor for a category and refuses an end before the start', async () => {
    const j = await call(t, 'POST', '/api/students', { as: admin, body: validCreate({ visaType: 'J-1' }) });
    expect(j.statusCode).toBe(400);
    expect(j.json().fieldErrors.evCategoryCode).toEqual(['Required field']);
    const d = await call(t, 'POST', '/api/students', { as: admin, body: validCreate({ programEndDate: '2026-01-01' }) });
    expect(d.json().fieldErrors.programEndDate).toEqual(['The program end must be on or after its start']);
  });

  it('answers 409 on the field for a duplicate SEVIS id, campus id, or name and birth date', async () => {
    const first = validCreate({ sevisId: 'N0099887766', campusId: 'U-1001' });
    expect((await call(t, 'POST', '/api/students', { as: admin, body: first })).statusCode).toBe(200);
    const sevis = await call(t, 'POST', '/api/students', { as: admin, body: validCreate({ sevisId: 'n0099887766' }) });
    expect(sevis.statusCode).toBe(409);
    expect(sevis.json().fieldErrors.sevisId).toEqual(['A student with this SEVIS ID already exists.']);
    const campus = await call(t, 'POST', '/api/students', { as: admin, body: validCreate({ campusId: 'U-1001' }) });
    expect(campus.statusCode).toBe(409);
    expect(campus.json().fieldErrors.campusId).toEqual(['A student with this campus ID already exists.']);
    const person = await call(t, 'POST', '/api/students', {
      as: admin,
      body: { ...validCreate(), firstName: 'LUCAS', lastName: first.lastName.toLowerCase(), birthDate: first.birthDate },
    });
    expect(person.statusCode).toBe(409);
    expect(person.json().fieldErrors.lastName).toEqual(['A student with this first name, last name and date of birth already exists.']);
    // The same name and birth date in another institution is someone else.
    expect(
      (
        await call(t, 'POST', '/api/students', {
          host: HOST_B,
          as: adminB,
          body: { ...first, campusSiteId: await siteIdOf(t, 'MAIN', t.institutionB) },
        })
      ).statusCode,
    ).toBe(200);
  });

  it('refuses a campus site the caller does not reach, on the field', async () => {
    const res = await call(t, 'POST', '/api/students', { as: officer, body: validCreate({ campusSiteId: med }) });
    expect(res.statusCode).toBe(400);
    expect(res.json().fieldErrors.campusSiteId).toEqual(['You cannot add or move students to this campus site.']);
  });
});

describe('editing a record', () => {
  it('refuses a stale form with 409 and keeps the other change', async () => {
    const s = await buildStudent(t, { site: 'MAIN' });
    const opened = await fresh(s.id);
    const first = await call(t, 'PUT', `/api/students/${s.id}`, { as: admin, body: { updatedAt: opened.updatedAt, phone: '5550001111' } });
    expect(first.statusCode).toBe(200);
    const stale = await call(t, 'PUT', `/api/students/${s.id}`, {
      as: officer,
      body: { updatedAt: opened.updatedAt, phone: '5559998888' },
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toMatch(/Someone changed this record after you opened it/);
    expect((await fresh(s.id)).phone).toBe('5550001111');
  });

  it('raises the SEVIS updates the change needs: program extension / shorten, education level, personal info, financials', async () => {
    const s = await buildStudent(t, { site: 'MAIN', programEndDate: '2027-05-15' });
    let r = await fresh(s.id);
    r = (
      await call(t, 'PUT', `/api/students/${s.id}`, { as: admin, body: { updatedAt: r.updatedAt, programEndDate: '2027-12-15' } })
    ).json();
    r = (
      await call(t, 'PUT', `/api/students/${s.id}`, {
        as: admin,
        body: { updatedAt: r.updatedAt, educationLevel: '04', firstName: 'Renamed' },
      })
    ).json();
    await call(t, 'PUT', `/api/students/${s.id}`, {
      as: admin,
      body: { updatedAt: r.updatedAt, financials: { tuition: 30000, personalFunds: 45000 } },
    });
    const ev = (await events(s.id)).map((e) => `${e.event_type}/${e.action}`);
    expect(ev).toEqual(['Program/Extension', 'PersonalInfo/Edit', 'EducationLevel/Edit', 'FinancialInfo/Edit']);
    const short = await buildStudent(t, { site: 'MAIN', programEndDate: '2027-05-15' });
    const rs = await fresh(short.id);
    await call(t, 'PUT', `/api/students/${short.id}`, { as: admin, body: { updatedAt: rs.updatedAt, programEndDate: '2026-12-15' } });
    expect((await events(short.id)).map((e) => e.action)).toEqual(['Shorten']);
    // The audit entry says what changed, from what to what.
    const h = (await call(t, 'GET', `/api/students/${s.id}/history`, { as: admin })).json();
    const upd = h.items.find(
      (e: { action: string; before: { programEndDate?: string | undefined } }) => e.action === 'student.updated' && e.before.programEndDate,
    );
    expect(upd).toMatchObject({
      before: { programEndDate: '2027-05-15' },
      after: { programEndDate: '2027-12-15', sevisUpdates: ['Program/Extension'] },
    });
  });

  it('keeps one pending SEVIS update per kind: a second extension before the batch refreshes the first', async () => {
    const s = await buildStudent(t, { site: 'MAIN', programEndDate: '2027-05-15' });
    let r = await fresh(s.id);
    r = (
      await call(t, 'PUT', `/api/students/${s.id}`, { as: admin, body: { updatedAt: r.updatedAt, programEndDate: '2027-08-15' } })
    ).json();
    await call(t, 'PUT', `/api/students/${s.id}`, { as: admin, body: { updatedAt: r.updatedAt, programEndDate: '2027-12-15' } });
    const ev = await events(s.id);
    expect(ev).toHaveLength(1);
    expect(ev[0]).toMatchObject({ event_type: 'Program', action: 'Extension', status: 'pending' });
    expect(ev[0]!.payload).toMatchObject({ programEndDate: '2027-12-15' });
    const list = (await call(t, 'GET', `/api/students/${s.id}/sevis-events`, { as: officer })).json();
    expect(list).toMatchObject([{ eventType: 'Program', action: 'Extension', status: 'pending' }]);
  });

  it('shows field errors for bad values (400, never 500)', async () => {
    const s = await buildStudent(t, { site: 'MAIN' });
    const r = await fresh(s.id);
    const res = await call(t, 'PUT', `/api/students/${s.id}`, {
      as: admin,
      body: { updatedAt: r.updatedAt, email: 'not-mail', phone: '12', birthDate: '02/30/2000' },
    });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().fieldErrors).sort()).toEqual(['birthDate', 'email', 'phone']);
  });

  it('moves a stage and sets tags, both in the History Log', async () => {
    const s = await buildStudent(t, { site: 'MAIN', currentStage: 'invited' });
    expect((await call(t, 'PUT', `/api/students/${s.id}/stage`, { as: officer, body: { stage: 'pre_arrival' } })).json().currentStage).toBe(
      'pre_arrival',
    );
    expect(
      (await call(t, 'PUT', `/api/students/${s.id}/tags`, { as: officer, body: { tags: ['Fulbright', 'Fulbright', 'Honors'] } })).json()
        .tags,
    ).toEqual(['Fulbright', 'Honors']);
    const h = (await call(t, 'GET', `/api/students/${s.id}/history`, { as: officer, query: { pageSize: 1 } })).json();
    expect(h).toMatchObject({ total: 2, pageSize: 1, items: [{ action: 'student.tags.changed', actorName: 'Olivia Officer' }] });
  });
});

describe('dependents and sites of activity', () => {
  const dep = {
    firstName: 'Meera',
    lastName: 'Sharma',
    relationshipCode: '01',
    gender: 'F',
    email: 'meera@example.com',
    birthDate: '1998-07-08',
    birthCountryCode: 'IN',
    citizenshipCountryCode: 'IN',
    permanentResidenceCountryCode: 'IN',
  };

  it('flags a change of country or identity for SEVIS, and not a change of e-mail', async () => {
    const s = await buildStudent(t, { site: 'MAIN' });
    const added = await call(t, 'POST', `/api/students/${s.id}/dependents`, { as: admin, body: dep });
    expect(added.statusCode).toBe(200);
    const id = added.json().id as string;
    // SEVIS has created the dependent since: a change is now an Edit.
    await recordSevisAccepted(t, s.id, { dependentSevisIds: { [id]: 'N0011223344' } });
    const email = await call(t, 'PUT', `/api/students/${s.id}/dependents/${id}`, {
      as: admin,
      body: { ...dep, email: 'meera.new@example.com' },
    });
    expect(email.json()).toMatchObject({ email: 'meera.new@example.com', needsSevisUpdate: false });
    expect((await events(s.id)).filter((e) => e.status === 'pending')).toHaveLength(0);
    const country = await call(t, 'PUT', `/api/students/${s.id}/dependents/${id}`, {
      as: admin,
      body: { ...dep, email: 'meera.new@example.com', citizenshipCountryCode: 'CA' },
    });
    expect(country.json()).toMatchObject({ citizenshipCountryCode: 'CA', needsSevisUpdate: true });
    const pending = (await events(s.id)).filter((e) => e.status === 'pending');
    expect(pending).toHaveLength(1);
    expect(pending[0]).toMatchObject({ event_type: 'Dependent', action: 'Edit', dependent_id: id });
    expect(pending[0]!.payload).toMatchObject({ citizenshipCountryCode: 'CA', changedFields: ['citizenshipCountryCode'] });
    // An F-2 ends with a SEVIS Table 3 reason (04: divorce).
    const term = await call(t, 'POST', `/api/students/${s.id}/dependents/${id}/terminate`, { as: admin, body: { reasonCode: '04' } });
    expect(term.json()).toMatchObject({ status: 'Terminated', terminationReasonCode: '04' });
    expect((await events(s.id)).map((e) => `${e.event_type}/${e.action}`)).toContain('Dependent/Terminate');
    expect(
      (await call(t, 'POST', `/api/students/${s.id}/dependents/${id}/terminate`, { as: admin, body: { reasonCode: '04' } })).statusCode,
    ).toBe(409);
    expect(
      (await call(t, 'POST', `/api/students/${s.id}/dependents/${id}/terminate`, { as: admin, body: { reasonCode: 'NOPE' } })).statusCode,
    ).toBe(400);
  });

  it('keeps sites of activity to exchange visitors and raises SiteOfActivity events', async () => {
    const f1 = await buildStudent(t, { site: 'MAIN' });
    expect((await call(t, 'POST', `/api/students/${f1.id}/sites-of-activity`, { as: admin, body: { name: 'Lab' } })).statusCode).toBe(400);
    const j1 = await buildStudent(t, { site: 'MAIN', visaType: 'J-1', evCategoryCode: '1B' });
    const site = (
      await call(t, 'POST', `/api/students/${j1.id}/sites-of-activity`, { as: admin, body: { name: 'Marine Lab', isPrimary: true } })
    ).json();
    await call(t, 'PUT', `/api/students/${j1.id}/sites-of-activity/${site.id}`, {
      as: admin,
      body: { name: 'Marine Biology Lab', isPrimary: true },
    });
    // SEVIS S2203: the primary site cannot be deleted; another site is made primary first.
    const refused = await call(t, 'POST', `/api/students/${j1.id}/sites-of-activity/${site.id}/deactivate`, { as: admin });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(SEVIS_RULE_MSG.primarySiteDeactivate);
    await call(t, 'POST', `/api/students/${j1.id}/sites-of-activity`, { as: admin, body: { name: 'Field Station', isPrimary: true } });
    const off = (await call(t, 'POST', `/api/students/${j1.id}/sites-of-activity/${site.id}/deactivate`, { as: admin })).json();
    expect(off).toMatchObject({ isActive: false });
    expect((await events(j1.id)).map((e) => `${e.event_type}/${e.action}`)).toEqual([
      'SiteOfActivity/Add',
      'SiteOfActivity/Edit',
      'SiteOfActivity/Add',
      'SiteOfActivity/Delete',
    ]);
    // The rename is sent under the name SEVIS knows, with the new one beside it.
    expect((await events(j1.id))[1]!.payload).toMatchObject({ siteName: 'Marine Biology Lab', previousSiteName: 'Marine Lab' });
  });
});

describe('site restriction', () => {
  it('hides a Medical Campus record from the Main Campus officer (404) and from another institution (404)', async () => {
    const s = await buildStudent(t, { site: 'MED' });
    expect((await call(t, 'GET', `/api/students/${s.id}`, { as: officer })).statusCode).toBe(404);
    expect((await call(t, 'GET', `/api/students/${s.id}/history`, { as: officer })).statusCode).toBe(404);
    expect((await call(t, 'GET', `/api/students/${s.id}`, { as: admin })).statusCode).toBe(200);
    const views = await t.sql('select actor_user_id from audit_events where entity_type = $1 and entity_id = $2', [
      'student_profile_read',
      s.id,
    ]);
    expect(views).toHaveLength(1);
    expect((await call(t, 'GET', `/api/students/${s.id}`, { host: HOST_B, as: adminB })).statusCode).toBe(404);
  });

  it('lets an assistant without editStudent read but not edit (403)', async () => {
    const s = await buildStudent(t, { site: 'MAIN' });
    const before = await setStaffPermissions(t, 'assistant', (p) => ({
      ...p,
      assistantSettings: { ...p.assistantSettings, [String(main)]: { ...p.assistantSettings[String(main)]!, editStudent: false } },
    }));
    try {
      const r = await fresh(s.id, assistant);
      expect(r.canEdit).toBe(false);
      expect(
        (await call(t, 'PUT', `/api/students/${s.id}`, { as: assistant, body: { updatedAt: r.updatedAt, phone: '5551112222' } }))
          .statusCode,
      ).toBe(403);
      expect(
        (
          await call(t, 'POST', `/api/students/${s.id}/dependents`, {
            as: assistant,
            body: {
              firstName: 'A',
              lastName: 'B',
              relationshipCode: '02',
              gender: 'F',
              birthDate: '2020-01-01',
              birthCountryCode: 'US',
              citizenshipCountryCode: 'US',
            },
          })
        ).statusCode,
      ).toBe(403);
    } finally {
      await setStaffPermissions(t, 'assistant', () => before);
    }
  });
});

describe('profile corrections', () => {
  it('the student asks, staff compare side by side, approve applies it, raises PersonalInfo and tells the student', async () => {
    const me = await call(t, 'GET', '/api/students/me', { as: student });
    expect(me.statusCode).toBe(200);
    const mine = me.json();
    const notCorrectable = await call(t, 'POST', '/api/students/me/corrections', {
      as: student,
      body: { changes: { sevisStatus: 'Active' }, reason: 'x' },
    });
    expect(notCorrectable.statusCode).toBe(400);
    expect(notCorrectable.json().fieldErrors.sevisStatus).toEqual(['This field cannot be corrected here: ask the office.']);
    const same = await call(t, 'POST', '/api/students/me/corrections', {
      as: student,
      body: { changes: { lastName: mine.lastName }, reason: 'x' },
    });
    expect(same.statusCode).toBe(400);
    const bad = await call(t, 'POST', '/api/students/me/corrections', {
      as: student,
      body: { changes: { birthDate: '1999-13-01' }, reason: 'x' },
    });
    expect(bad.json().fieldErrors.birthDate).toEqual(['Invalid date']);
    const sub = await call(t, 'POST', '/api/students/me/corrections', {
      as: student,
      body: { changes: { middleName: 'Devi', birthCity: 'Pune' }, reason: 'My passport has my middle name' },
    });
    expect(sub.statusCode).toBe(200);
    const id = sub.json().id as string;
    // The Main Campus officer hears of it in the bell.
    const bell = await t.sql<{ text: string }>(
      `select n.text from notifications n join users u on u.id = n.user_id where u.user_name = 'officer' and u.institution_id = $1 and n.type_name = 'student.correction.submitted'`,
      [t.institutionA],
    );
    expect(bell.map((b) => b.text)).toContain('Priya Sharma asked to correct 2 fields of their record.');

    const list = (await call(t, 'GET', '/api/student-corrections', { as: officer, query: { status: 'pending' } })).json();
    expect(list.items.map((c: { id: string }) => c.id)).toContain(id);
    const cmp = (await call(t, 'GET', `/api/student-corrections/${id}`, { as: officer })).json();
    expect(cmp.rows).toEqual(
      expect.arrayContaining([
        { field: 'middleName', label: 'Middle name', current: mine.middleName, requested: 'Devi', isDifferent: true },
        { field: 'birthCity', label: 'City of birth', current: mine.birthCity, requested: 'Pune', isDifferent: true },
      ]),
    );
    expect(cmp.canDecide).toBe(true);

    const rejectNoNote = await call(t, 'POST', `/api/student-corrections/${id}/reject`, { as: officer, body: { note: ' ' } });
    expect(rejectNoNote.statusCode).toBe(400);
    expect(rejectNoNote.json().fieldErrors.note).toEqual(['Required field']);

    const ok = await call(t, 'POST', `/api/student-corrections/${id}/approve`, { as: officer, body: {} });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ status: 'approved', decidedByName: 'Olivia Officer', canDecide: false });
    const after = (await call(t, 'GET', '/api/students/me', { as: student })).json();
    expect(after).toMatchObject({ middleName: 'Devi', birthCity: 'Pune' });
    expect(after.corrections[0]).toMatchObject({ id, status: 'approved' });
    const ev = await events(mine.id);
    expect(
      ev.some((e) => e.event_type === 'PersonalInfo' && e.action === 'Edit' && e.status === 'pending' && e.payload.middleName === 'Devi'),
    ).toBe(true);
    expect((await mailsTo(t, 'student@demo.example.edu')).some((m) => m.subject === 'Your profile correction was approved')).toBe(true);
    expect((await call(t, 'POST', `/api/student-corrections/${id}/reject`, { as: officer, body: { note: 'late' } })).statusCode).toBe(409);

    const h = (await call(t, 'GET', `/api/students/${mine.id}/history`, { as: officer, query: { pageSize: 50 } })).json();
    const actions = h.items.map((e: { action: string }) => e.action);
    expect(actions).toEqual(
      expect.arrayContaining(['student.correction.submitted', 'student.correction.applied', 'student.correction.approved']),
    );
    // newest first
    expect(actions.indexOf('student.correction.approved')).toBeLessThan(actions.indexOf('student.correction.submitted'));
  });

  it('a rejection needs a note and tells the student why; the record stays as it was', async () => {
    const sub = (
      await call(t, 'POST', '/api/students/me/corrections', { as: student, body: { changes: { lastName: 'Sharmaa' }, reason: 'typo' } })
    ).json();
    const rej = await call(t, 'POST', `/api/student-corrections/${sub.id}/reject`, {
      as: officer,
      body: { note: 'Your passport says Sharma.' },
    });
    expect(rej.json()).toMatchObject({ status: 'rejected', decisionNote: 'Your passport says Sharma.' });
    expect((await call(t, 'GET', '/api/students/me', { as: student })).json().lastName).not.toBe('Sharmaa');
  });

  it('a student cannot read another record, nor staff routes; a Medical Campus correction is hidden from the Main Campus officer', async () => {
    const other = await buildStudent(t, { site: 'MAIN' });
    expect((await call(t, 'GET', `/api/students/${other.id}`, { as: student })).statusCode).toBe(403);
    expect((await call(t, 'GET', '/api/student-corrections', { as: student })).statusCode).toBe(403);
    const med1 = await buildStudent(t, { site: 'MED' });
    const c = await buildProfileCorrection(t, med1, { changes: { phone: { from: '', to: '5551234567' } } });
    expect((await call(t, 'GET', `/api/student-corrections/${c.id}`, { as: officer })).statusCode).toBe(404);
    expect((await call(t, 'POST', `/api/student-corrections/${c.id}/approve`, { as: officer, body: {} })).statusCode).toBe(404);
    const ids = (await call(t, 'GET', '/api/student-corrections', { as: officer, query: { status: 'all', pageSize: 100 } }))
      .json()
      .items.map((x: { id: string }) => x.id);
    expect(ids).not.toContain(c.id);
    expect(
      (await call(t, 'GET', '/api/student-corrections', { as: admin, query: { status: 'all', pageSize: 100 } }))
        .json()
        .items.map((x: { id: string }) => x.id),
    ).toContain(c.id);
  });

  it("the profile's Requests, Documents and Message Center list what belongs to the record", async () => {
    const mine = (await call(t, 'GET', '/api/students/me', { as: student })).json();
    const types = (await call(t, 'GET', '/api/requests/startable-types', { as: student })).json<{ id: string }[]>();
    expect(types.length).toBeGreaterThan(0);
    const created = await call(t, 'POST', '/api/requests', { as: student, body: { requestTypeId: types[0]!.id } });
    expect(created.statusCode).toBe(200);
    const reqs = (await call(t, 'GET', `/api/students/${mine.id}/requests`, { as: officer })).json();
    expect(reqs.map((r: { id: string }) => r.id)).toContain(created.json().id);
    const hist = (await call(t, 'GET', `/api/students/${mine.id}/history`, { as: officer, query: { pageSize: 100 } })).json();
    expect(
      hist.items.some((e: { entityType: string; entityId: string }) => e.entityType === 'request' && e.entityId === created.json().id),
    ).toBe(true);
    const other = await buildStudent(t, { site: 'MAIN' });
    expect((await call(t, 'GET', `/api/students/${other.id}/requests`, { as: officer })).json()).toEqual([]);
    expect((await call(t, 'GET', `/api/students/${other.id}/documents`, { as: officer })).json()).toEqual([]);
    // The Message Center is paged (docs/product/messages.md#message-center).
    const msgs = (await call(t, 'GET', `/api/students/${mine.id}/messages`, { as: officer })).json<{ items: { subject: string }[] }>();
    expect(msgs.items.some((m) => m.subject === 'Your profile correction was approved')).toBe(true);
    const med1 = await buildStudent(t, { site: 'MED' });
    for (const tab of ['requests', 'documents', 'messages'])
      expect((await call(t, 'GET', `/api/students/${med1.id}/${tab}`, { as: officer })).statusCode).toBe(404);
  });
});

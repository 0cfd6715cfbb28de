import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TSession } from '@meridian/domain';
import { createTestApp, HOST_B, type TTestApp } from './app.js';
import { call, latestLink, mailsTo } from './http.js';
import { buildStudent } from './factories/index.js';

let t: TTestApp;
let admin: TSession;
let officer: TSession;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin');
  officer = await t.login('officer');
});
afterAll(async () => t?.close());

async function admitted(o: { site?: 'MAIN' | 'MED' | undefined; email?: string | undefined } = {}) {
  const s = await buildStudent(t, {
    site: o.site ?? 'MAIN',
    sevisStatus: 'Initial',
    currentStage: 'invited',
    user: null,
    ...(o.email !== undefined ? { email: o.email } : {}),
  });
  const [row] = await t.sql<{ email: string }>('select email from student_profiles where id = $1', [s.id]);
  return { id: s.id, email: row!.email };
}

describe('inviting a student to the portal', () => {
  it('creates the student account (user name = e-mail), links it, opens access and e-mails the student set-up link', async () => {
    const s = await admitted();
    const res = await call(t, 'POST', `/api/students/${s.id}/invite`, { as: officer });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ profileId: s.id, userName: s.email, outcome: 'invited' });
    const [p] = await t.sql<{ user_id: string; portal_access: number; current_stage: string; role: string; user_name: string }>(
      'select p.user_id, p.portal_access, p.current_stage, u.role, u.user_name from student_profiles p join users u on u.id = p.user_id where p.id = $1',
      [s.id],
    );
    expect(p).toMatchObject({ portal_access: 1, current_stage: 'invited', role: 'ISSSstudent', user_name: s.email });
    const link = await latestLink(t, s.email);
    expect(link.url).toMatch(/^https:\/\/portal\.demo\.test\/#\/login\/student\/pass-reset\/[A-Za-z0-9_-]+$/);
    expect(link.mail.subject).toMatch(/set up your account/);
    // The link sets the password; the student then signs in.
    const use = await call(t, 'POST', '/api/auth/password-links/use', {
      body: { token: link.token, password: 'Harbour-Lights-42', confirmPassword: 'Harbour-Lights-42' },
    });
    expect(use.statusCode, use.body).toBe(200);
    expect((await t.login(s.email, { password: 'Harbour-Lights-42' })).accessToken).toBeTruthy();
    // Signed in: no further invitation.
    const again = await call(t, 'POST', `/api/students/${s.id}/invite`, { as: officer });
    expect(again.statusCode).toBe(409);
    // The History Log of the record shows the invitation.
    const [audit] = await t.sql<{ action: string }>(
      "select action from audit_events where entity_type = 'student_profile' and entity_id = $1",
      [s.id],
    );
    expect(audit?.action).toBe('student.invited');
  });

  it('sends the link again while the student has not signed in, retiring the first link', async () => {
    const s = await admitted();
    expect((await call(t, 'POST', `/api/students/${s.id}/invite`, { as: admin })).statusCode).toBe(200);
    const first = await latestLink(t, s.email);
    const res = await call(t, 'POST', `/api/students/${s.id}/invite`, { as: admin });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().outcome).toBe('resent');
    expect(await mailsTo(t, s.email)).toHaveLength(2);
    const old = await call(t, 'POST', '/api/auth/password-links/inspect', { body: { token: first.token } });
    expect(old.json().valid).toBe(false);
  });

  it('refuses a record without an e-mail, or whose e-mail belongs to another account, with the message on the e-mail field', async () => {
    const none = await admitted({ email: '' });
    const r1 = await call(t, 'POST', `/api/students/${none.id}/invite`, { as: admin });
    expect(r1.statusCode).toBe(400);
    expect(r1.json().fieldErrors.email[0]).toMatch(/Add an e-mail address/);
    const taken = await admitted({ email: 'Officer@demo.example.edu' });
    const r2 = await call(t, 'POST', `/api/students/${taken.id}/invite`, { as: admin });
    expect(r2.statusCode).toBe(409);
    expect(r2.json().fieldErrors.email).toEqual(['This e-mail address already belongs to another portal account.']);
    const [p] = await t.sql<{ user_id: string | null }>('select user_id from student_profiles where id = $1', [taken.id]);
    expect(p!.user_id).toBeNull();
  });

  it('keeps officers to their campus sites and institution B away', async () => {
    const med = await admitted({ site: 'MED' });
    expect((await call(t, 'POST', `/api/students/${med.id}/invite`, { as: officer })).statusCode).toBe(404);
    const other = await t.login('admin', { host: HOST_B });
    expect((await call(t, 'POST', `/api/students/${med.id}/invite`, { as: other, host: HOST_B })).statusCode).toBe(404);
    expect(await mailsTo(t, med.email)).toHaveLength(0);
  });

  it('invites several at once and reports each record', async () => {
    const a = await admitted();
    const b = await admitted({ email: '' });
    const c = await admitted({ site: 'MED' });
    const res = await call(t, 'POST', '/api/students/invite', { as: officer, body: { profileIds: [a.id, b.id, c.id] } });
    expect(res.statusCode, res.body).toBe(200);
    const out = res.json();
    expect(out).toMatchObject({ invited: 1, failed: 2 });
    expect(out.results.map((r: { ok: boolean }) => r.ok)).toEqual([true, false, false]);
    expect(out.results[1].message).toMatch(/Add an e-mail address/);
    const tooMany = await call(t, 'POST', '/api/students/invite', {
      as: officer,
      body: { profileIds: Array.from({ length: 201 }, () => a.id) },
    });
    expect(tooMany.statusCode).toBe(400);
  });
});

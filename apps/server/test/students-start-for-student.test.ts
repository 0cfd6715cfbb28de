import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TRequestDetail, TSession } from '@meridian/domain';
import { createTestApp, type TTestApp } from './app.js';
import { call, mailsTo } from './http.js';
import { buildStudent } from './factories/index.js';

let t: TTestApp;
let admin: TSession, officer: TSession, student: TSession;
let priya: string;

beforeAll(async () => {
  t = await createTestApp();
  [admin, officer, student] = await t.loginAll('admin', 'officer', 'student');
  const [p] = await t.sql<{ id: string }>(
    `select p.id from student_profiles p join users u on u.id = p.user_id where u.user_name = 'student' and u.institution_id = $1`,
    [t.institutionA],
  );
  priya = p!.id;
});
afterAll(async () => {
  await t?.close();
});

const typeId = async (code: string) =>
  (await t.sql<{ id: string }>(`select id from request_types where institution_id = $1 and code = $2`, [t.institutionA, code]))[0]!.id;

describe("startRequestForStudent: the office starts a request on a student's behalf", () => {
  it("offers only types staff may start, of the student's visa type", async () => {
    const res = await call(t, 'GET', `/api/students/${priya}/startable-types`, { as: officer });
    expect(res.statusCode, res.body).toBe(200);
    const codes = res.json<{ code: string }[]>().map((x) => x.code);
    expect(codes).toContain('transfer_out');
    expect(codes).not.toContain('cpt_request');
  });

  it("creates the student's draft, tells them by bell and e-mail, and the student completes and submits it", async () => {
    const res = await call(t, 'POST', `/api/students/${priya}/requests`, {
      as: officer,
      body: { requestTypeId: await typeId('transfer_out') },
    });
    expect(res.statusCode, res.body).toBe(200);
    const r = res.json<TRequestDetail>();
    expect(r.status).toBe('draft');
    const [row] = await t.sql<{ requester: string; profile_id: string }>(
      `select u.user_name as requester, r.profile_id from requests r join users u on u.id = r.requester_user_id where r.id = $1`,
      [r.id],
    );
    expect(row).toEqual({ requester: 'student', profile_id: priya });
    const mails = await mailsTo(t, 'student@demo.example.edu');
    expect(mails.some((m) => m.subject === `Request #${r.number}: please complete it`)).toBe(true);
    const [audit] = await t.sql<{ actor: string }>(
      `select u.user_name as actor from audit_events a join users u on u.id = a.actor_user_id where a.entity_id = $1 and a.action = 'request.created'`,
      [r.id],
    );
    expect(audit!.actor).toBe('officer');
    // The draft is the student's: they see it, fill in its form and submit it.
    expect((await call(t, 'GET', `/api/requests/${r.id}`, { as: student })).statusCode).toBe(200);
    const data = {
      transfer_school_name: 'Boston College',
      transfer_release_date: new Date(Date.now() + 20 * 86400000).toISOString().slice(0, 10),
    };
    expect((await call(t, 'PUT', `/api/requests/${r.id}/data`, { as: student, body: { data } })).statusCode).toBe(200);
    expect((await call(t, 'POST', `/api/requests/${r.id}/submit`, { as: student })).statusCode).toBe(200);
  });

  it('refuses a type staff may not start, a student without a portal account, and a record of a site the officer does not reach', async () => {
    const cpt = await call(t, 'POST', `/api/students/${priya}/requests`, {
      as: admin,
      body: { requestTypeId: await typeId('cpt_request') },
    });
    expect(cpt.statusCode).toBe(400);
    expect(cpt.json().fieldErrors.requestTypeId).toEqual(['The office cannot start this request for this student.']);
    const noAccount = await buildStudent(t, { site: 'MAIN' });
    const refused = await call(t, 'POST', `/api/students/${noAccount.id}/requests`, {
      as: officer,
      body: { requestTypeId: await typeId('transfer_out') },
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toContain('Invite them to the portal first');
    const medical = await buildStudent(t, { site: 'MED' });
    expect(
      (
        await call(t, 'POST', `/api/students/${medical.id}/requests`, {
          as: officer,
          body: { requestTypeId: await typeId('transfer_out') },
        })
      ).statusCode,
    ).toBe(404);
  });
});

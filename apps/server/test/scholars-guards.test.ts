import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { TSession, TWorkflow } from '@meridian/domain';
import { createTestApp, type TTestApp } from './app.js';
import { call, mailsTo } from './http.js';
import { buildScholarCase, h1bApplicationData, userIdOf } from './factories/index.js';

/**
 * Gaps between the scholar slices and the generic modules: the engine requests behind a case move
 * only through the scholars module; the application is the scholar's and the office's; the session
 * names the scholar's case; the office sees only its own workflows; mails and the bell open the case;
 * keyword search goes through scholar_search_ids and finds exactly what the plain LIKE finds.
 */
let t: TTestApp;
let admin: TSession;
let officer: TSession;
let dept: TSession;
let scholar: TSession;

beforeAll(async () => {
  t = await createTestApp();
  [admin, officer, dept, scholar] = await t.loginAll('admin', 'officer', 'dept', 'scholar');
});
afterAll(async () => {
  await t?.close();
});

const D = '/api/scholars/department';
const OFFICE = (id: string) => `/api/scholars/office/cases/${id}`;
const statusOf = async (id: string) => (await t.sql<{ status: string }>('select status from requests where id = $1', [id]))[0]!.status;
const emailOf = async (userName: string) =>
  (await t.sql<{ email: string }>('select email from users where user_name = $1 and institution_id = $2', [userName, t.institutionA]))[0]!
    .email;

/** A complete H-1B application as the scholar submits it. */
const VALID_H1B = h1bApplicationData();

describe('the engine requests of a scholar case move only through the scholars module', () => {
  it("refuses the generic submit and cancel of a draft sponsorship request; the department's Send for approval still sends it", async () => {
    const c = await buildScholarCase(t, { sponsorshipState: 'draft' });
    const submit = await call(t, 'POST', `/api/requests/${c.sponsorshipRequestId}/submit`, { as: dept });
    expect(submit.statusCode, submit.body).toBe(409);
    expect(submit.json().message).toMatch(/department portal \(Send for approval\)/);
    const cancel = await call(t, 'POST', `/api/requests/${c.sponsorshipRequestId}/cancel`, { as: dept });
    expect(cancel.statusCode, cancel.body).toBe(409);
    expect(await statusOf(c.sponsorshipRequestId)).toBe('draft');

    await call(t, 'PUT', `${D}/config`, { as: dept, body: { contacts: [], sitesOfActivity: [], sponsorshipWorkflowId: null } });
    const sent = await call(t, 'POST', `${D}/cases/${c.applicationId}/send`, { as: dept });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json().sponsorshipState).toBe('submitted');
    expect(await statusOf(c.sponsorshipRequestId)).toBe('submitted');
  });

  it("refuses the generic submit of an application (by the scholar) and the office's generic transitions of either request", async () => {
    const c = await buildScholarCase(t, { user: 'scholar', processedState: 'H-1B', firstName: 'Hiro', lastName: 'Tanaka' });
    const submit = await call(t, 'POST', `/api/requests/${c.applicationRequestId}/submit`, { as: scholar });
    expect(submit.statusCode, submit.body).toBe(409);
    expect(submit.json().message).toMatch(/submitted from the scholar portal/);
    expect(await statusOf(c.applicationRequestId!)).toBe('draft');

    const pending = await buildScholarCase(t, {});
    const review = await call(t, 'POST', `/api/requests/${pending.sponsorshipRequestId}/transition`, {
      as: officer,
      body: { action: 'start_review', message: '' },
    });
    expect(review.statusCode, review.body).toBe(409);
    expect(await statusOf(pending.sponsorshipRequestId)).toBe('submitted');

    // The scholar portal's own submit still moves the engine request.
    const ok = await call(t, 'POST', `/api/scholars/portal/applications/${c.applicationId}/submit`, {
      as: scholar,
      body: { version: 1, data: VALID_H1B },
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(await statusOf(c.applicationRequestId!)).toBe('submitted');
  });
});

describe("the application's engine request belongs to the scholar and the office", () => {
  it('is requested by the processing staff member: the department reads it but cannot write answers on it; its own sponsorship draft stays writable', async () => {
    const c = await buildScholarCase(t, { user: 'scholar', firstName: 'Hiro', lastName: 'Tanaka' });
    const processed = await call(t, 'POST', `${OFFICE(c.applicationId)}/process`, { as: officer, body: { processAs: 'H-1B', version: 1 } });
    expect(processed.statusCode, processed.body).toBe(200);
    const [app] = await t.sql<{ application_request_id: string }>('select application_request_id from scholar_applications where id = $1', [
      c.applicationId,
    ]);
    const rid = app!.application_request_id;
    const [r] = await t.sql<{ requester_user_id: string; subject_user_id: string }>(
      'select requester_user_id, subject_user_id from requests where id = $1',
      [rid],
    );
    expect(r).toEqual({ requester_user_id: await userIdOf(t, 'officer'), subject_user_id: await userIdOf(t, 'scholar') });

    const read = await call(t, 'GET', `/api/requests/${rid}`, { as: dept });
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json().canEdit).toBe(false);
    expect((await call(t, 'PUT', `/api/requests/${rid}/custom-questions`, { as: dept, body: { answers: {} } })).statusCode).toBe(403);
    expect((await call(t, 'GET', `/api/requests/${rid}`, { as: scholar })).json().canEdit).toBe(true);
    expect((await call(t, 'PUT', `/api/requests/${rid}/custom-questions`, { as: scholar, body: { answers: {} } })).statusCode).toBe(200);

    const draft = await buildScholarCase(t, { sponsorshipState: 'draft' });
    expect((await call(t, 'GET', `/api/requests/${draft.sponsorshipRequestId}`, { as: dept })).json().canEdit).toBe(true);
  });
});

describe('the session', () => {
  it("names the scholar's current case (scholars.currentApplicationId) at sign-in and in /me", async () => {
    const c = await buildScholarCase(t, { user: 'scholar', processedState: 'J-1', firstName: 'Hiro', lastName: 'Tanaka' });
    const s = await t.login('scholar');
    expect(s.scholarApplicationId).toBe(c.applicationId);
    const me = await call(t, 'GET', '/api/auth/me', { as: s });
    expect(me.json()).toMatchObject({ scholarApplicationId: c.applicationId });
    expect((await call(t, 'GET', '/api/auth/me', { as: officer })).json().scholarApplicationId).toBeNull();
  });
});

describe("the office's approval workflows", () => {
  it("lists only the office's workflows; a department's workflow cannot be given to a request type nor changed from the office's page", async () => {
    const mine = await call(t, 'POST', `${D}/workflows`, {
      as: dept,
      body: { name: 'Physics chair only', isActive: true, steps: [{ approverKind: 'user', approverUserId: await userIdOf(t, 'advisor') }] },
    });
    expect(mine.statusCode, mine.body).toBe(200);
    const wf = mine.json<TWorkflow>();
    const office = await call(t, 'POST', '/api/workflows', {
      as: admin,
      body: { name: 'Office chain', eventCode: 'X', steps: [{ approverKind: 'user', approverUserId: await userIdOf(t, 'officer') }] },
    });
    expect(office.statusCode, office.body).toBe(200);
    const list = (await call(t, 'GET', '/api/workflows', { as: admin })).json<TWorkflow[]>();
    expect(list.map((w) => w.id)).toContain(office.json().id);
    expect(list.map((w) => w.id)).not.toContain(wf.id);

    const [type] = await t.sql<{ id: string }>(`select id from request_types where institution_id = $1 and code = 'cpt_request'`, [
      t.institutionA,
    ]);
    const current = (await call(t, 'GET', `/api/request-types/${type!.id}`, { as: admin })).json();
    const { id: _id, updatedAt: _u, ...body } = current;
    const give = await call(t, 'PUT', `/api/request-types/${type!.id}`, { as: admin, body: { ...body, workflowId: wf.id } });
    expect(give.statusCode, give.body).toBe(400);
    expect(give.json().fieldErrors?.workflowId, give.body).toEqual(['Choose an approval workflow from the list.']);
    expect(
      (
        await call(t, 'PUT', `/api/workflows/${wf.id}`, {
          as: admin,
          body: { name: 'Taken over', eventCode: 'X', steps: [{ approverKind: 'user', approverUserId: await userIdOf(t, 'officer') }] },
        })
      ).statusCode,
    ).toBe(404);
    expect((await call(t, 'DELETE', `/api/workflows/${wf.id}`, { as: admin })).statusCode).toBe(404);
    expect((await call(t, 'GET', `${D}/workflows`, { as: dept })).json().map((w: TWorkflow) => w.id)).toContain(wf.id);
  });
});

describe('mails and the bell open the case', () => {
  it("'sent to the office' links Review Sponsorship Request; 'application submitted' links the scholar profile; the office's bell carries the case", async () => {
    await call(t, 'PUT', `${D}/config`, { as: dept, body: { contacts: [], sitesOfActivity: [], sponsorshipWorkflowId: null } });
    const c = await buildScholarCase(t, { sponsorshipState: 'draft', firstName: 'Mail', lastName: 'Link' });
    expect((await call(t, 'POST', `${D}/cases/${c.applicationId}/send`, { as: dept })).statusCode).toBe(200);
    const officerMail = await emailOf('officer');
    const sent = (await mailsTo(t, officerMail)).find((m) => m.subject.includes('Mail Link'));
    expect(sent?.text_body).toContain(`https://portal.demo.test/#/admin/reviewrequest/${c.applicationId}`);
    expect(sent?.text_body).not.toContain('/#/admin/dashboard');

    const a = await buildScholarCase(t, { user: 'scholar', processedState: 'H-1B', firstName: 'Hiro', lastName: 'Tanaka' });
    const ok = await call(t, 'POST', `/api/scholars/portal/applications/${a.applicationId}/submit`, {
      as: scholar,
      body: { version: 1, data: VALID_H1B },
    });
    expect(ok.statusCode, ok.body).toBe(200);
    const submitted = (await mailsTo(t, officerMail)).find(
      (m) => m.subject === 'H-1B application submitted: Hiro Tanaka' && m.text_body.includes(a.applicationId),
    );
    expect(submitted?.text_body).toContain(`https://portal.demo.test/#/admin/scholar-profile/${a.applicationId}`);

    const bell = (await call(t, 'GET', '/api/notifications?start=0&limit=50', { as: officer })).json().items as {
      typeName: string;
      requestId: string;
      scholarApplicationId: string | null;
    }[];
    expect(
      bell.find((n) => n.typeName === 'scholar.sponsorship.submitted' && n.requestId === c.sponsorshipRequestId)?.scholarApplicationId,
    ).toBe(c.applicationId);
    expect(
      bell.find((n) => n.typeName === 'scholar.application_submitted' && n.requestId === a.applicationRequestId)?.scholarApplicationId,
    ).toBe(a.applicationId);
  });
});

describe('keyword search of scholars through scholar_search_ids', () => {
  it('finds exactly what the plain LIKE finds, in the office dashboard and the department list, tenant-scoped', async () => {
    const tag = `zq${Date.now().toString(36)}`;
    const made = [
      await buildScholarCase(t, { firstName: `Ana${tag}`, lastName: 'Lima' }),
      await buildScholarCase(t, { firstName: 'Bo', lastName: `Li${tag}`, department: 'CS' }),
      await buildScholarCase(t, { firstName: 'Cy', lastName: 'Ng', email: `cy.${tag}@example.edu` }),
      await buildScholarCase(t, { firstName: `Ana${tag}`, lastName: 'Other', institutionId: t.institutionB }),
      await buildScholarCase(t, { firstName: 'Under_score', lastName: `Pct%${tag}` }),
    ];
    const plain = async (inst: string, pattern: string) =>
      (
        await t.sql<{ id: string }>(
          `select a.id from scholar_applications a join scholars s on s.id = a.scholar_id
       where a.institution_id = $1 and lower(s.first_name || ' ' || s.last_name || ' ' || s.email) like $2 order by a.id`,
          [inst, pattern],
        )
      ).map((r) => r.id);
    const escape = (q: string) => `%${q.toLowerCase().replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;

    for (const q of [tag, `ANA${tag}`, `lima`, `cy.${tag}`, 'a l', `pct%${tag}`, 'under_', `${tag}@`, 'nobody-matches-this']) {
      const expected = await plain(t.institutionA, escape(q));
      const dash = await call(t, 'GET', `/api/scholars/dashboard?q=${encodeURIComponent(q)}&pageSize=100`, { as: admin });
      expect(dash.statusCode, dash.body).toBe(200);
      expect(
        dash
          .json()
          .items.map((i: { applicationId: string }) => i.applicationId)
          .sort(),
        q,
      ).toEqual(expected);
      const deptList = await call(t, 'GET', `${D}/cases?q=${encodeURIComponent(q)}&tab=all&pageSize=100`, { as: dept });
      expect(deptList.statusCode, deptList.body).toBe(200);
      const physics = (
        await t.sql<{ id: string }>(
          `select a.id from scholar_applications a join departments d on d.id = a.department_id where d.code = 'PHYS' and a.id = any($1::uuid[])`,
          [expected],
        )
      )
        .map((r) => r.id)
        .sort();
      expect(
        deptList
          .json()
          .items.map((i: { applicationId: string }) => i.applicationId)
          .sort(),
        q,
      ).toEqual(physics);
    }
    // The other institution's case never shows in institution A, and theirs finds it.
    const otherDash = await call(t, 'GET', `/api/scholars/dashboard?q=${tag}&pageSize=100`, {
      host: 'other.test',
      as: await t.login('admin', { host: 'other.test' }),
    });
    expect(otherDash.json().items.map((i: { applicationId: string }) => i.applicationId)).toEqual([made[3]!.applicationId]);

    // The function itself: ids of the caller's tenant only; another institution or no tenant gives nothing.
    const ids = (rows: Record<string, unknown>[]) => rows.map((r) => r.id as string);
    const own = await t.database.tenant(t.institutionA, async (tx) =>
      ids((await tx.execute(sql`select scholar_search_ids(${t.institutionA}::uuid, ${escape(tag)}) as id`)).rows),
    );
    expect(own.sort()).toEqual(
      made
        .filter((_, i) => i !== 3)
        .map((m) => m.scholarId)
        .sort(),
    );
    const foreign = await t.database.tenant(t.institutionA, async (tx) =>
      ids((await tx.execute(sql`select scholar_search_ids(${t.institutionB}::uuid, ${escape(tag)}) as id`)).rows),
    );
    expect(foreign).toEqual([]);
    const none = await t.database.owner.transaction(async (tx) => {
      await tx.execute(sql`set local role meridian_app`);
      return ids((await tx.execute(sql`select scholar_search_ids(${t.institutionA}::uuid, ${escape(tag)}) as id`)).rows);
    });
    expect(none).toEqual([]);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as XLSX from 'xlsx';
import { RANGE_ENDS_BEFORE_START, type TAssignmentReport, type TAssignmentRule, type TSession } from '@meridian/domain';
import { createTestApp, HOST_B, type TTestApp } from './app.js';
import { call, perms } from './http.js';
import {
  buildRequest,
  buildRequestType,
  buildStudent,
  buildUser,
  siteIdOf,
  type TRequestTypeRow,
  type TSiteCode,
} from './factories/index.js';
import { auditEventsOf } from './readers.js';

let t: TTestApp;
let s: Record<'admin' | 'officer' | 'assistant', TSession>;
let ids: Record<'admin' | 'officer', string>;
let sites: Record<TSiteCode, number>;

beforeAll(async () => {
  t = await createTestApp();
  const [admin, officer, assistant] = await t.loginAll('admin', 'officer', 'assistant');
  s = { admin, officer, assistant };
  const rows = await t.sql<{ id: string; user_name: string }>(
    "select id, user_name from users where institution_id = $1 and user_name in ('admin', 'officer')",
    [t.institutionA],
  );
  ids = Object.fromEntries(rows.map((r) => [r.user_name, r.id])) as typeof ids;
  sites = { MAIN: await siteIdOf(t, 'MAIN'), MED: await siteIdOf(t, 'MED') };
});
afterAll(async () => {
  await t?.close();
});

/** A rule of the test's own type (each test has its own, so the office-wide rules of other tests never match). */
async function addRule(body: Record<string, unknown>, as: TSession = s.admin): Promise<TAssignmentRule> {
  const res = await call(t, 'POST', '/api/request-assignment-rules', { as, body });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<TAssignmentRule>();
}

/** A student of this family name, visa type and site, with a draft of the type, signed in. */
async function draftOf(type: TRequestTypeRow, lastName: string, o: { visaType?: 'F-1' | 'J-1'; site?: TSiteCode } = {}) {
  const u = await buildUser(t, { canSignIn: true, lastName });
  await buildStudent(t, { user: u.userName, lastName, visaType: o.visaType ?? 'F-1', site: o.site ?? 'MAIN' });
  const r = await buildRequest(t, { requester: u.userName, requestTypeId: type.id });
  return { r, session: await t.login(u.userName), userName: u.userName };
}

const assigneeOf = async (requestId: string) =>
  (await t.sql<{ a: string | null }>('select assigned_to_user_id as a from requests where id = $1', [requestId]))[0]!.a;

async function submit(d: { r: { id: string }; session: TSession }): Promise<string | null> {
  const res = await call(t, 'POST', `/api/requests/${d.r.id}/submit`, { as: d.session });
  expect(res.statusCode, res.body).toBe(200);
  return assigneeOf(d.r.id);
}

describe('assignment rules assign a student request when it is first submitted', () => {
  it('by type, site, visa type and family name range, both ends included, whatever the case', async () => {
    const type = await buildRequestType(t);
    await addRule({
      requestTypeCode: type.code,
      campusSiteId: sites.MAIN,
      visaType: 'F-1',
      nameFrom: 'a',
      nameTo: 'g',
      assigneeUserId: ids.officer,
    });
    expect(await submit(await draftOf(type, 'Garcia'))).toBe(ids.officer);
    expect(await submit(await draftOf(type, 'Gonzalez'))).toBe(ids.officer);
    expect(await submit(await draftOf(type, 'abbott'))).toBe(ids.officer);
    expect(await submit(await draftOf(type, 'Hall'))).toBeNull();
    expect(await submit(await draftOf(type, 'Garcia', { visaType: 'J-1' }))).toBeNull();
    expect(await submit(await draftOf(type, 'Garcia', { site: 'MED' }))).toBeNull();
    const other = await buildRequestType(t);
    expect(await submit(await draftOf(other, 'Garcia'))).toBeNull();
  });

  it('says in the History Log that a rule assigned it, and tells the assignee', async () => {
    const type = await buildRequestType(t);
    const rule = await addRule({ requestTypeCode: type.code, assigneeUserId: ids.officer });
    const d = await draftOf(type, 'Ito');
    expect(await submit(d)).toBe(ids.officer);
    const [event] = await auditEventsOf(t, d.r.id, { action: 'request.assigned' });
    expect(event?.after).toMatchObject({
      assignedBy: `Assignment rule ${rule.ordinal}`,
      ruleId: rule.id,
      assignedToUserId: ids.officer,
      reviewStatus: 1,
    });
    const notes = await t.sql<{ text: string }>('select text from notifications where user_id = $1 and request_id = $2', [
      ids.officer,
      d.r.id,
    ]);
    expect(notes.map((n) => n.text)).toContainEqual(expect.stringContaining('was assigned to you by an assignment rule'));
  });

  it('the first matching rule in order wins, and reordering changes which', async () => {
    const type = await buildRequestType(t);
    const first = await addRule({ requestTypeCode: type.code, nameFrom: 'G', nameTo: 'G', assigneeUserId: ids.admin });
    const second = await addRule({ requestTypeCode: type.code, assigneeUserId: ids.officer });
    expect(await submit(await draftOf(type, 'Garcia'))).toBe(ids.admin);
    expect(await submit(await draftOf(type, 'Hall'))).toBe(ids.officer);
    const list = (await call(t, 'GET', '/api/request-assignment-rules', { as: s.admin })).json<TAssignmentRule[]>();
    const order = list.map((r) => r.id);
    const moved = [...order.filter((id) => id !== second.id)];
    moved.splice(moved.indexOf(first.id), 0, second.id);
    const res = await call(t, 'PUT', '/api/request-assignment-rules/order', { as: s.admin, body: { ids: moved } });
    expect(res.statusCode, res.body).toBe(200);
    expect(await submit(await draftOf(type, 'Garcia'))).toBe(ids.officer);
  });

  it('passes over a rule whose assignee does not reach the request’s campus site', async () => {
    const type = await buildRequestType(t);
    const rules = [
      await addRule({ requestTypeCode: type.code, assigneeUserId: ids.officer }),
      await addRule({ requestTypeCode: type.code, assigneeUserId: ids.admin }),
    ];
    expect(rules.map((r) => r.assigneeMayBeAssigned)).toEqual([true, true]);
    // The officer reaches Main Campus only.
    expect(await submit(await draftOf(type, 'Kim', { site: 'MED' }))).toBe(ids.admin);
    expect(await submit(await draftOf(type, 'Kim', { site: 'MAIN' }))).toBe(ids.officer);
  });

  it('leaves a request already assigned, an inactive rule, and a resubmitted request alone', async () => {
    const type = await buildRequestType(t);
    const rule = await addRule({ requestTypeCode: type.code, assigneeUserId: ids.admin });
    const assigned = await draftOf(type, 'Lee');
    await t.sql('update requests set assigned_to_user_id = $1, review_status = 1 where id = $2', [ids.officer, assigned.r.id]);
    expect(await submit(assigned)).toBe(ids.officer);

    const u = await buildUser(t, { canSignIn: true, lastName: 'Moreau' });
    await buildStudent(t, { user: u.userName, lastName: 'Moreau' });
    const asked = await buildRequest(t, { requester: u.userName, requestTypeId: type.id, status: 'clarification_requested' });
    expect(await submit({ r: asked, session: await t.login(u.userName) })).toBeNull();
    expect(await auditEventsOf(t, asked.id, { action: 'request.assigned' })).toEqual([]);

    const off = await call(t, 'PUT', `/api/request-assignment-rules/${rule.id}`, {
      as: s.admin,
      body: { requestTypeCode: type.code, assigneeUserId: ids.admin, isActive: false },
    });
    expect(off.statusCode, off.body).toBe(200);
    expect(await submit(await draftOf(type, 'Nash'))).toBeNull();
  });
});

describe('the rules', () => {
  it('refuse what cannot be, each on its field', async () => {
    const bad = async (body: Record<string, unknown>) => {
      const res = await call(t, 'POST', '/api/request-assignment-rules', { as: s.admin, body });
      expect(res.statusCode, res.body).toBe(400);
      return res.json<{ fieldErrors: Record<string, string[]> }>().fieldErrors;
    };
    expect(await bad({ requestTypeCode: 'no_such_type', assigneeUserId: ids.admin })).toEqual({
      requestTypeCode: ['There is no request type with this code: choose one from the list.'],
    });
    expect(await bad({ campusSiteId: 999999, assigneeUserId: ids.admin })).toEqual({
      campusSiteId: ['There is no such campus site: choose one from the list.'],
    });
    expect(await bad({ campusSiteId: sites.MED, assigneeUserId: ids.officer })).toEqual({
      assigneeUserId: ['This person cannot be assigned these requests: they do not reach the campus site of the rule.'],
    });
    expect((await bad({ nameFrom: 'H', nameTo: 'G', assigneeUserId: ids.admin })).nameTo).toEqual([RANGE_ENDS_BEFORE_START]);
    expect((await bad({ nameFrom: 'O’B', assigneeUserId: ids.admin })).nameFrom).toEqual(['Use letters only, e.g. A or Gar.']);
  });

  it('are the office’s own: an assistant may not read them, another institution finds none of them', async () => {
    expect((await call(t, 'GET', '/api/request-assignment-rules', { as: s.assistant })).statusCode).toBe(403);
    const type = await buildRequestType(t);
    const rule = await addRule({ requestTypeCode: type.code, assigneeUserId: ids.admin });
    const adminB = await t.login('admin', { host: HOST_B });
    const adminBId = (
      await t.sql<{ id: string }>("select id from users where institution_id = $1 and user_name = 'admin'", [t.institutionB])
    )[0]!.id;
    const put = await call(t, 'PUT', `/api/request-assignment-rules/${rule.id}`, {
      host: HOST_B,
      as: adminB,
      body: { assigneeUserId: adminBId },
    });
    expect(put.statusCode).toBe(404);
    expect((await call(t, 'DELETE', `/api/request-assignment-rules/${rule.id}`, { host: HOST_B, as: adminB })).statusCode).toBe(404);
    const theirs = (await call(t, 'GET', '/api/request-assignment-rules', { host: HOST_B, as: adminB })).json<TAssignmentRule[]>();
    expect(theirs.map((r) => r.id)).not.toContain(rule.id);
    expect((await call(t, 'DELETE', `/api/request-assignment-rules/${rule.id}`, { as: s.admin })).statusCode).toBe(200);
  });
});

describe('reassigning and the report', () => {
  it('moves the open student requests the caller reaches, says which were skipped, and counts the workload', async () => {
    const type = await buildRequestType(t, { name: `Workload ${process.pid} ${Date.now()}` });
    const x = await buildUser(t, { role: 'isssAdmin', lastName: 'Xavier', staffPermissions: perms({ isOfficer: true, officerSites: [] }) });
    const of = (status: 'submitted' | 'in_review' | 'completed' | 'draft', site: TSiteCode, assignedTo: string | null = x.userName) =>
      buildRequest(t, { requestTypeId: type.id, status, site, assignedTo });
    const mainOpen = [await of('submitted', 'MAIN'), await of('in_review', 'MAIN')];
    const medOpen = await of('submitted', 'MED');
    const mainDone = await of('completed', 'MAIN');
    await of('submitted', 'MAIN', null);

    const countsAs = async (as: TSession) =>
      (await call(t, 'GET', '/api/requests/assignment-report', { as }))
        .json<TAssignmentReport>()
        .rows.filter((r) => r.requestTypeCode === type.code);
    expect(await countsAs(s.officer)).toEqual([
      { assignee: null, requestTypeCode: type.code, requestTypeName: type.name, status: 'submitted', count: 1 },
      {
        assignee: { userId: x.id, name: `Test Xavier` },
        requestTypeCode: type.code,
        requestTypeName: type.name,
        status: 'in_review',
        count: 1,
      },
      {
        assignee: { userId: x.id, name: `Test Xavier` },
        requestTypeCode: type.code,
        requestTypeName: type.name,
        status: 'submitted',
        count: 1,
      },
    ]);
    expect((await countsAs(s.admin)).find((r) => r.assignee?.userId === x.id && r.status === 'submitted')?.count).toBe(2);

    // The same counts as a workbook, written by a job.
    const file = await call(t, 'POST', '/api/requests/assignment-report/export', { as: s.officer });
    expect(file.statusCode, file.body.slice(0, 300)).toBe(200);
    expect(file.headers['content-disposition']).toMatch(/filename="Student_Request_Workload_\d+_\d+_\d+\.xlsx"/);
    const sheet = XLSX.read(file.rawPayload, { type: 'buffer' }).Sheets.Workload!;
    const lines = XLSX.utils
      .sheet_to_json<Record<string, string | number>>(sheet, { defval: '' })
      .filter((r) => r['Request type'] === type.name);
    expect(lines).toEqual([
      { Person: 'Unassigned', 'Request type': type.name, Status: 'Submitted', Requests: '1' },
      { Person: 'Test Xavier', 'Request type': type.name, Status: 'In Review', Requests: '1' },
      { Person: 'Test Xavier', 'Request type': type.name, Status: 'Submitted', Requests: '1' },
    ]);

    // The officer reaches Main Campus only: the Medical Campus request is not theirs to move.
    const res = await call(t, 'POST', '/api/requests/reassign', { as: s.officer, body: { fromUserId: x.id, toUserId: ids.officer } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ moved: 2, skipped: [] });
    for (const r of mainOpen) expect(await assigneeOf(r.id)).toBe(ids.officer);
    expect(await assigneeOf(medOpen.id)).toBe(x.id);
    expect(await assigneeOf(mainDone.id)).toBe(x.id);
    const [event] = await auditEventsOf(t, mainOpen[0]!.id, { action: 'request.reassigned' });
    expect(event?.after).toMatchObject({ assignedToUserId: ids.officer });

    // Named requests are each checked: one the caller does not reach (as if it did not exist), one closed; then one the new assignee may not have.
    const named = await call(t, 'POST', '/api/requests/reassign', {
      as: s.officer,
      body: { fromUserId: x.id, toUserId: ids.officer, requestIds: [medOpen.id, mainDone.id] },
    });
    expect(named.json()).toEqual({
      moved: 0,
      skipped: [
        { requestId: medOpen.id, number: null, reason: 'This request was not found among those you may process.' },
        { requestId: mainDone.id, number: mainDone.number, reason: 'It is not open (a draft, or decided for good).' },
      ],
    });
    const toOfficer = await call(t, 'POST', '/api/requests/reassign', { as: s.admin, body: { fromUserId: x.id, toUserId: ids.officer } });
    expect(toOfficer.json()).toEqual({
      moved: 0,
      skipped: [
        {
          requestId: medOpen.id,
          number: medOpen.number,
          reason: 'This person cannot be assigned: they do not reach the campus site of this request.',
        },
      ],
    });
    const same = await call(t, 'POST', '/api/requests/reassign', { as: s.admin, body: { fromUserId: x.id, toUserId: x.id } });
    expect(same.statusCode).toBe(400);
    expect((await call(t, 'GET', '/api/requests/assignment-report', { as: s.assistant })).statusCode).toBe(403);
    expect((await call(t, 'POST', '/api/requests/assignment-report/export', { as: s.assistant, follow: false })).statusCode).toBe(403);
    expect(
      (await call(t, 'POST', '/api/requests/reassign', { as: s.assistant, body: { fromUserId: x.id, toUserId: ids.admin } })).statusCode,
    ).toBe(403);
  });
});

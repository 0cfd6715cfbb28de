import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG, type TComment, type TSession } from '@meridian/domain';
import { createTestApp, HOST_B, type TTestApp } from './app.js';
import { call, userIds } from './http.js';
import { buildRequest } from './factories/index.js';
import { auditActionsOf } from './readers.js';

let t: TTestApp;
const s = {} as Record<'admin' | 'officer' | 'dept' | 'scholar' | 'student', TSession>;

beforeAll(async () => {
  t = await createTestApp();
  for (const u of ['admin', 'officer', 'dept', 'scholar', 'student'] as const) s[u] = await t.login(u);
});
afterAll(async () => {
  await t?.close();
});

const post = (as: TSession, subjectId: string, body: string, isInternal = false) =>
  call(t, 'POST', '/api/comments', { as, body: { subjectType: 'request', subjectId, body, isInternal } });
const page = async (as: TSession, subjectId: string, p = 1) => {
  const res = await call(t, 'GET', '/api/comments', { as, query: { subjectType: 'request', subjectId, page: p } });
  expect(res.statusCode).toBe(200);
  return res.json<{ items: TComment[]; total: number; page: number; pageSize: number }>();
};

describe('comments on a request', () => {
  it('pages by 20, newest first', async () => {
    const requestId = (await buildRequest(t)).id;
    for (let i = 1; i <= 23; i++) expect((await post(s.student, requestId, `Comment ${i}`)).statusCode).toBe(200);
    const first = await page(s.officer, requestId);
    expect(first).toMatchObject({ total: 23, page: 1, pageSize: 20 });
    expect(first.items).toHaveLength(20);
    expect(first.items[0]!.body).toBe('Comment 23');
    const second = await page(s.officer, requestId, 2);
    expect(second.items.map((c) => c.body)).toEqual(['Comment 3', 'Comment 2', 'Comment 1']);
  });

  it('lets authors edit and delete only their own comments', async () => {
    const requestId = (await buildRequest(t)).id;
    const mine = (await post(s.student, requestId, 'Typo hre')).json<TComment>();
    const theirs = (await post(s.officer, requestId, 'Please add your I-20')).json<TComment>();
    expect(mine.canEdit).toBe(true);
    const edited = await call(t, 'PUT', `/api/comments/${mine.id}`, { as: s.student, body: { body: 'Typo here' } });
    expect(edited.json()).toMatchObject({ body: 'Typo here' });
    expect((await call(t, 'PUT', `/api/comments/${theirs.id}`, { as: s.student, body: { body: 'Hacked' } })).statusCode).toBe(403);
    expect((await call(t, 'DELETE', `/api/comments/${theirs.id}`, { as: s.student })).statusCode).toBe(403);
    expect((await call(t, 'DELETE', `/api/comments/${mine.id}`, { as: s.admin })).statusCode).toBe(403);
    expect((await call(t, 'DELETE', `/api/comments/${mine.id}`, { as: s.student })).statusCode).toBe(200);
    const left = await page(s.student, requestId);
    expect(left.items.map((c) => c.id)).toEqual([theirs.id]);
    expect((await call(t, 'PUT', `/api/comments/${mine.id}`, { as: s.student, body: { body: 'Back' } })).statusCode).toBe(404);
    expect(await auditActionsOf(t, mine.id)).toEqual(expect.arrayContaining(['comment.created', 'comment.updated', 'comment.deleted']));
  });

  it('keeps internal notes from the requester and lets only staff write them', async () => {
    const requestId = (await buildRequest(t)).id;
    const note = (await post(s.officer, requestId, 'Check the sponsor letter', true)).json<TComment>();
    await post(s.officer, requestId, 'Thank you, received');
    expect((await page(s.student, requestId)).items.map((c) => c.body)).toEqual(['Thank you, received']);
    expect((await page(s.student, requestId)).total).toBe(1);
    expect((await page(s.officer, requestId)).total).toBe(2);
    expect((await post(s.student, requestId, 'Sneaky', true)).statusCode).toBe(403);
    expect((await call(t, 'PUT', `/api/comments/${note.id}`, { as: s.student, body: { body: 'x' } })).statusCode).toBe(404);
  });

  it('lets the department comment on its requests, and nobody on others', async () => {
    const deptRequest = (await buildRequest(t, { department: 'PHYS' })).id;
    expect((await post(s.dept, deptRequest, 'From the department')).statusCode).toBe(200);
    const other = (await buildRequest(t)).id;
    expect((await post(s.dept, other, 'No')).statusCode).toBe(404);
    expect((await post(s.scholar, other, 'No')).statusCode).toBe(404);
    const adminB = await t.login('admin', { host: HOST_B });
    expect(
      (await call(t, 'GET', '/api/comments', { as: adminB, host: HOST_B, query: { subjectType: 'request', subjectId: other } })).statusCode,
    ).toBe(404);
  });

  it('tells the other party: staff comments reach the requester, requester comments the assigned officer', async () => {
    const ids = await userIds(t, t.institutionA);
    const requestId = (await buildRequest(t, { assignedTo: 'officer' })).id;
    await post(s.officer, requestId, 'Please upload your passport');
    await post(s.officer, requestId, 'internal only', true);
    await post(s.student, requestId, 'Done');
    const count = async (user: string) =>
      (
        await t.sql<{ n: number }>('select count(*)::int as n from notifications where user_id = $1 and request_id = $2', [
          ids[user],
          requestId,
        ])
      )[0]!.n;
    expect(await count('student')).toBe(1);
    expect(await count('officer')).toBe(1);
  });

  it('refuses empty comments with the required-field message', async () => {
    const requestId = (await buildRequest(t)).id;
    const res = await post(s.student, requestId, '   ');
    expect(res.statusCode).toBe(400);
    expect(res.json().fieldErrors.body).toEqual(['Required field']);
  });
});

describe("notes on a person's record", () => {
  const note = (as: TSession, subjectId: string) =>
    call(t, 'POST', '/api/comments', { as, body: { subjectType: 'user', subjectId, body: 'Called about the I-20.', isInternal: true } });

  it("are for a student's or scholar's record only: a staff member, department user, advisor or stranger is not found", async () => {
    const ids = await userIds(t, t.institutionA);
    const adminOfB = (await userIds(t, t.institutionB)).admin!;
    for (const subjectId of [ids.admin!, ids.officer!, ids.dept!, ids.advisor!, adminOfB]) {
      const res = await note(s.admin, subjectId);
      expect(res.statusCode, subjectId).toBe(404);
      expect(res.json()).toEqual({ code: 'NOT_FOUND', message: MSG.notFound });
    }
    expect(
      await t.sql(`select 1 from comments where subject_type = 'user' and subject_id = any($1)`, [
        [ids.admin, ids.officer, ids.dept, ids.advisor, adminOfB],
      ]),
    ).toEqual([]);
    expect((await note(s.officer, ids.student!)).statusCode).toBe(200);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TApprovalSummary, TRequestSummary, TSession } from '@meridian/domain';
import { createTestApp, type TTestApp } from './app.js';
import { call } from './http.js';
import { buildPendingApproval, buildRequest, buildScholarCase, studentOf } from './factories/index.js';

// Every list row names the person it is about (docs/product/requests.md#who-a-request-is-about) and each
// of the office's lists holds its own area's requests (docs/decisions/032-lists-say-who-and-one-status-vocabulary.md).
let t: TTestApp;
let admin: TSession;
let dept: TSession;

beforeAll(async () => {
  t = await createTestApp();
  [admin, dept] = await t.loginAll('admin', 'dept');
});
afterAll(async () => {
  await t?.close();
});

type TPage = { items: TRequestSummary[]; total: number };
const list = async (query: Record<string, string | number>, as = admin): Promise<TPage> => {
  const res = await call(t, 'GET', '/api/requests', { as, query: { pageSize: 100, ...query } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<TPage>();
};
const row = (page: TPage, id: string) => page.items.find((r) => r.id === id);

describe('the office lists say who', () => {
  it("the Student Request List holds students' requests, each naming the student; the scholar cases are not there", async () => {
    const own = await buildRequest(t, { requester: 'student', status: 'submitted' });
    const k = await buildScholarCase(t, { firstName: 'Lina', lastName: 'Okonkwo', email: 'lina.okonkwo@example.org' });
    const students = await list({ area: 'student' });
    const record = await studentOf(t);
    expect(row(students, own.id)).toMatchObject({
      subjectName: `${record.firstName} ${record.lastName}`,
      subjectEmail: expect.stringContaining('@'),
      case: null,
    });
    expect(row(students, k.sponsorshipRequestId)).toBeUndefined();
    // Every row of the list is about a student record.
    for (const r of students.items) expect(r.case).toBeNull();
    const ids = (
      await t.sql<{ id: string }>('select id from requests where profile_id is not null and institution_id = $1', [t.institutionA])
    ).map((x) => x.id);
    expect(students.items.every((r) => ids.includes(r.id))).toBe(true);
  });

  it("the scholar area's Requests holds scholars' and departments' own requests, not the scholar cases of the Scholar Dashboard", async () => {
    const scholarOwn = await buildRequest(t, { requester: 'scholar', typeCode: 'program_extension', status: 'submitted' });
    const deptOwn = await buildRequest(t, { requester: 'dept', typeCode: 'program_extension', status: 'submitted' });
    const k = await buildScholarCase(t, { processedState: 'H-1B' });
    const studentOwn = await buildRequest(t, { requester: 'student', status: 'submitted' });
    const scholars = await list({ area: 'scholar' });
    expect(row(scholars, scholarOwn.id)?.subjectName).toBe('Hiro Tanaka');
    // A department's own request is about nobody else it can name: it names its requester.
    expect(row(scholars, deptOwn.id)).toMatchObject({ subjectName: 'Dana Department', requesterName: 'Dana Department' });
    for (const id of [k.sponsorshipRequestId, k.applicationRequestId!, studentOwn.id]) expect(row(scholars, id)).toBeUndefined();
    // Without an area the caller gets every request they reach, as before.
    const all = await list({});
    for (const id of [scholarOwn.id, deptOwn.id, k.sponsorshipRequestId, studentOwn.id]) expect(row(all, id)).toBeDefined();
  });

  it('a scholar case names its scholar, not the department user or the staff member who opened it, and stands where the case stands', async () => {
    const k = await buildScholarCase(t, {
      processedState: 'J-1',
      firstName: 'Amara',
      lastName: 'Diallo',
      email: 'amara.diallo@example.org',
    });
    const all = await list({ q: '' });
    expect(row(all, k.sponsorshipRequestId)).toMatchObject({
      subjectName: 'Amara Diallo',
      subjectEmail: 'amara.diallo@example.org',
      requesterName: 'Dana Department',
      case: { scholarApplicationId: k.applicationId, vocabulary: 'sponsorship', status: 'processed' },
    });
    expect(row(all, k.applicationRequestId!)).toMatchObject({
      subjectName: 'Amara Diallo',
      case: { scholarApplicationId: k.applicationId, vocabulary: 'scholarApplication', status: 'not_started' },
    });
  });

  it('refuses an unknown area with a message on the parameter', async () => {
    const res = await call(t, 'GET', '/api/requests', { as: admin, query: { area: 'everyone' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().fieldErrors).toEqual({ area: ['Invalid value'] });
  });
});

describe("the department's own Requests", () => {
  it('names the scholar of each sponsorship request and says where it stands in the words of the department dashboard', async () => {
    const sent = await buildScholarCase(t, { firstName: 'Tomas', lastName: 'Berg', email: 'tomas.berg@example.org' });
    const draft = await buildScholarCase(t, { firstName: 'Mei', lastName: 'Lin', sponsorshipState: 'draft' });
    const res = await call(t, 'GET', '/api/requests/mine', { as: dept });
    expect(res.statusCode).toBe(200);
    const mine = res.json<TRequestSummary[]>();
    expect(mine.find((r) => r.id === sent.sponsorshipRequestId)).toMatchObject({
      subjectName: 'Tomas Berg',
      subjectEmail: 'tomas.berg@example.org',
      case: { scholarApplicationId: sent.applicationId, vocabulary: 'sponsorship', status: 'submitted' },
    });
    expect(mine.find((r) => r.id === draft.sponsorshipRequestId)).toMatchObject({
      subjectName: 'Mei Lin',
      case: { vocabulary: 'sponsorship', status: 'draft' },
    });
    // The dashboard's rows say the same states of the same cases.
    const dash = await call(t, 'GET', '/api/scholars/department/cases', { as: dept, query: { pageSize: 100 } });
    const states = new Map(
      dash.json<{ items: { applicationId: string; sponsorshipState: string }[] }>().items.map((c) => [c.applicationId, c.sponsorshipState]),
    );
    expect(states.get(sent.applicationId)).toBe('submitted');
    expect(states.get(draft.applicationId)).toBe('draft');
  });
});

describe('approvals say who', () => {
  it("an approver's list names the student the request is about", async () => {
    const { request } = await buildPendingApproval(t, { approver: 'dept' });
    const res = await call(t, 'GET', '/api/approvals/mine', { as: dept });
    expect(res.statusCode, res.body).toBe(200);
    const record = await studentOf(t);
    const mine = res.json<TApprovalSummary[]>();
    expect(mine.find((a) => a.requestNumber === request.number)).toMatchObject({ subjectName: `${record.firstName} ${record.lastName}` });
  });
});

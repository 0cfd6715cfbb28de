import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { identityLinksApi as A, TSession } from '@meridian/domain';
import { createTestApp, HOST_A, type TTestApp } from './app.js';
import { multipart } from './fixtures/case-fixtures.js';
import { call } from './http.js';
import { buildScholarCase, buildStudent, buildUser, siteIdOf, type TStudentRow, type TUserRow } from './factories/index.js';

// The Integrated User Tool (docs/product/integrated-user-tool.md): accounts linked to student and scholar records
// and the campus systems' ids, one by one and from a file; scoped like the records; every change audited.

let t: TTestApp;
let admin: TSession;
let officer: TSession;
const RUN = `Iut${process.pid % 1000}${Date.now().toString(36)}`;
let seq = 0;
const uniq = (p: string) => `${p}-${RUN}-${++seq}`.slice(0, 30);

type TRow = A.TIdentityLinkRow;
type TPage = A.TIdentityLinkPage;

/** A portal account of the run (its last name carries the run's token, so a search finds only this file's). */
async function account(role: 'ISSSstudent' | 'scholar', site: 'MAIN' | 'MED' | null = 'MAIN'): Promise<TUserRow> {
  return buildUser(t, {
    role,
    lastName: `${RUN}${++seq}`,
    firstName: role === 'scholar' ? 'Scholar' : 'Student',
    campusSiteId: site ? await siteIdOf(t, site) : null,
  });
}
async function list(as: TSession, query: Record<string, string | number> = {}): Promise<TPage> {
  const res = await call(t, 'GET', '/api/identity-links', { as, query: { q: RUN, pageSize: 100, ...query } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<TPage>();
}
const rowOf = (page: TPage, userId: string) => page.items.find((r) => r.userId === userId);
const audits = (entityId: string, action: string) =>
  t.sql<{ before: unknown; after: Record<string, unknown>; actor_user_id: string }>(
    'select before, after, actor_user_id from audit_events where entity_id = $1 and action = $2 order by id',
    [entityId, action],
  );
async function upload(as: TSession, path: 'preview' | 'apply', csv: string, name = 'links.csv') {
  const { payload, headers } = multipart({}, { name, data: Buffer.from(csv, 'utf8') });
  return t.app.inject({
    method: 'POST',
    url: `/api/identity-links/bulk/${path}`,
    payload,
    headers: { host: HOST_A, ...headers, authorization: `Bearer ${as.accessToken}` },
  });
}
const campusIdOf = async (profileId: string) =>
  (await t.sqlOne<{ campus_id: string | null }>('select campus_id from student_profiles where id = $1', [profileId])).campus_id;

beforeAll(async () => {
  t = await createTestApp();
  [admin, officer] = await t.loginAll('admin', 'officer');
});
afterAll(async () => t?.close());

describe('the list', () => {
  let linked: TUserRow, bare: TUserRow, med: TUserRow, scholarAcct: TUserRow;
  let linkedRecord: TStudentRow;
  let sisId: string;

  beforeAll(async () => {
    linked = await account('ISSSstudent');
    linkedRecord = await buildStudent(t, { user: linked.userName, site: 'MAIN', campusId: null });
    bare = await account('ISSSstudent');
    med = await account('ISSSstudent', 'MED');
    sisId = uniq('S');
    await buildStudent(t, { user: med.userName, site: 'MED', campusId: sisId });
    scholarAcct = await account('scholar', null);
    await buildScholarCase(t, { user: scholarAcct.userName });
  });

  it('lists student and scholar accounts with their record, id and kind; super users see every site', async () => {
    const page = await list(admin);
    expect(rowOf(page, linked.id)).toMatchObject({
      kind: 'student',
      record: { id: linkedRecord.id, externalId: null },
      campusSiteName: 'Main Campus',
    });
    expect(rowOf(page, bare.id)).toMatchObject({ kind: 'student', record: null });
    expect(rowOf(page, med.id)?.record?.externalId).toBe(sisId);
    expect(rowOf(page, scholarAcct.id)).toMatchObject({ kind: 'scholar', record: { externalId: null } });
    expect(rowOf(page, linked.id)?.sso).toBeNull();
  });

  it('filters by kind, by how far an account is linked, and finds an account by its SIS id', async () => {
    const scholarsOnly = await list(admin, { kind: 'scholar' });
    expect(scholarsOnly.items.every((r) => r.kind === 'scholar')).toBe(true);
    expect(rowOf(scholarsOnly, scholarAcct.id)).toBeDefined();
    const noRecord = await list(admin, { state: 'no-record' });
    expect(noRecord.items.map((r) => r.userId)).toContain(bare.id);
    expect(noRecord.items.map((r) => r.userId)).not.toContain(linked.id);
    const noId = await list(admin, { state: 'no-id' });
    expect(noId.items.map((r) => r.userId)).toContain(linked.id);
    expect(noId.items.map((r) => r.userId)).not.toContain(med.id);
    const notLinked = await list(admin, { state: 'not-linked' });
    expect(notLinked.items.map((r) => r.userId)).toEqual(expect.arrayContaining([bare.id, linked.id, scholarAcct.id]));
    const linkedOnly = await list(admin, { state: 'linked' });
    expect(linkedOnly.items.map((r) => r.userId)).toEqual([med.id]);
    const byId = await list(admin, { q: sisId });
    expect(byId.items.map((r) => r.userId)).toEqual([med.id]);
  });

  it('pages by keyset in the order asked for, without repeating or skipping an account', async () => {
    const all = await list(admin, { sort: 'email', order: 'desc' });
    const emails = all.items.map((r) => r.email.toLowerCase());
    expect(emails).toEqual([...emails].sort().reverse());
    const first = await list(admin, { sort: 'email', order: 'desc', pageSize: 2 });
    expect(first.items).toHaveLength(2);
    expect(first.next).not.toBeNull();
    const second = await list(admin, { sort: 'email', order: 'desc', pageSize: 2, page: 2, after: first.next! });
    expect([...first.items, ...second.items].map((r) => r.userId)).toEqual(all.items.slice(0, 4).map((r) => r.userId));
    const bad = await call(t, 'GET', '/api/identity-links', { as: admin, query: { after: 'not-a-cursor' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ fieldErrors: Record<string, string[]> }>().fieldErrors.after).toBeDefined();
  });

  it('an officer of one campus site sees and changes only the accounts of their site', async () => {
    const page = await list(officer);
    expect(rowOf(page, linked.id)).toBeDefined();
    expect(rowOf(page, med.id)).toBeUndefined();
    const res = await call(t, 'PUT', `/api/identity-links/${med.id}/external-id`, { as: officer, body: { externalId: uniq('X') } });
    expect(res.statusCode).toBe(404);
    expect(await campusIdOf((await t.sqlOne<{ id: string }>('select id from student_profiles where user_id = $1', [med.id])).id)).toBe(
      sisId,
    );
  });
});

describe('one account', () => {
  it('sets and changes the SIS id of the linked record, audited with before and after', async () => {
    const acct = await account('ISSSstudent');
    const rec = await buildStudent(t, { user: acct.userName, site: 'MAIN', campusId: null });
    const first = uniq('A');
    const res = await call(t, 'PUT', `/api/identity-links/${acct.id}/external-id`, { as: officer, body: { externalId: first } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<TRow>().record?.externalId).toBe(first);
    const second = uniq('B');
    expect(
      (await call(t, 'PUT', `/api/identity-links/${acct.id}/external-id`, { as: officer, body: { externalId: second } })).statusCode,
    ).toBe(200);
    expect(await campusIdOf(rec.id)).toBe(second);
    const events = await audits(rec.id, 'student.campus-id.changed');
    expect(events.map((e) => [e.before, e.after.campusId])).toEqual([
      [{ campusId: null }, first],
      [{ campusId: first }, second],
    ]);
    expect(events[0]!.actor_user_id).toBe(officer.userId);
  });

  it('refuses an id another record has (409 on the field, naming the person only to who may see them) and a badly formed one (400)', async () => {
    const acct = await account('ISSSstudent');
    await buildStudent(t, { user: acct.userName, site: 'MAIN', campusId: null });
    const mainId = uniq('M');
    await buildStudent(t, { site: 'MAIN', campusId: mainId, firstName: 'Visible', lastName: `Holder${RUN}` });
    const medId = uniq('D');
    await buildStudent(t, { site: 'MED', campusId: medId, firstName: 'Hidden', lastName: `Holder${RUN}` });
    const put = (as: TSession, externalId: string) =>
      call(t, 'PUT', `/api/identity-links/${acct.id}/external-id`, { as, body: { externalId } });

    const visible = await put(officer, mainId);
    expect(visible.statusCode).toBe(409);
    expect(visible.json<{ fieldErrors: Record<string, string[]> }>().fieldErrors.externalId).toEqual([
      `This SIS ID is already on the student record of Visible Holder${RUN}.`,
    ]);
    const hidden = await put(officer, medId);
    expect(hidden.statusCode).toBe(409);
    expect(hidden.json<{ fieldErrors: Record<string, string[]> }>().fieldErrors.externalId).toEqual([
      'This SIS ID is already on another student record.',
    ]);
    expect((await put(admin, medId)).json<{ message: string }>().message).toContain('Hidden');
    const bad = await put(officer, 'has space!');
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ fieldErrors: Record<string, string[]> }>().fieldErrors.externalId).toBeDefined();
  });

  it('links an account to a record without one, found by search, and unlinks it; each audited', async () => {
    const acct = await account('ISSSstudent');
    const rec = await buildStudent(t, { site: 'MAIN', campusId: uniq('L'), lastName: `Unlinked${RUN}` });
    const found = await call(t, 'GET', '/api/identity-links/unlinked-records', {
      as: officer,
      query: { kind: 'student', q: `unlinked${RUN}` },
    });
    expect(found.statusCode, found.body).toBe(200);
    expect(found.json<{ items: A.TUnlinkedRecord[] }>().items.map((r) => r.id)).toEqual([rec.id]);

    const linked = await call(t, 'POST', `/api/identity-links/${acct.id}/link`, { as: officer, body: { recordId: rec.id } });
    expect(linked.statusCode, linked.body).toBe(200);
    expect(linked.json<TRow>().record?.id).toBe(rec.id);
    expect(
      await t.sqlOne<{ user_id: string; portal_access: number }>('select user_id, portal_access from student_profiles where id = $1', [
        rec.id,
      ]),
    ).toEqual({ user_id: acct.id, portal_access: 1 });
    expect(await audits(rec.id, 'student.account.linked')).toHaveLength(1);

    const again = await call(t, 'POST', `/api/identity-links/${acct.id}/link`, { as: officer, body: { recordId: rec.id } });
    expect(again.statusCode).toBe(409);

    const unlinked = await call(t, 'POST', `/api/identity-links/${acct.id}/unlink`, { as: officer });
    expect(unlinked.statusCode, unlinked.body).toBe(200);
    expect(unlinked.json<TRow>().record).toBeNull();
    expect((await audits(rec.id, 'student.account.unlinked'))[0]!.before).toEqual({ userId: acct.id, portalAccess: 1 });
  });

  it('refuses a record of the other kind, another site and one already linked', async () => {
    const acct = await account('ISSSstudent');
    const scholarCase = await buildScholarCase(t, {});
    const wrong = await call(t, 'POST', `/api/identity-links/${acct.id}/link`, { as: admin, body: { recordId: scholarCase.scholarId } });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json<{ fieldErrors: Record<string, string[]> }>().fieldErrors.recordId).toEqual([
      'A student account links to a student record, a scholar account to a scholar record.',
    ]);
    const medRecord = await buildStudent(t, { site: 'MED' });
    const otherSite = await call(t, 'POST', `/api/identity-links/${acct.id}/link`, { as: officer, body: { recordId: medRecord.id } });
    expect(otherSite.statusCode).toBe(400);
    const taken = await buildStudent(t, { site: 'MAIN', user: (await account('ISSSstudent')).userName });
    expect((await call(t, 'POST', `/api/identity-links/${acct.id}/link`, { as: officer, body: { recordId: taken.id } })).statusCode).toBe(
      409,
    );
  });

  it("scholars: the HR employee id, its uniqueness, and the link to the scholar's account", async () => {
    const acct = await account('scholar', null);
    const c = await buildScholarCase(t, { user: acct.userName });
    const hr = uniq('E');
    const set = await call(t, 'PUT', `/api/identity-links/${acct.id}/external-id`, { as: officer, body: { externalId: hr } });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json<TRow>().record?.externalId).toBe(hr);
    expect((await audits(c.scholarId, 'scholar.employee-id.changed'))[0]!.after).toMatchObject({ employeeId: hr });

    const other = await account('scholar', null);
    await buildScholarCase(t, { user: other.userName, firstName: 'Other', lastName: `Scholar${RUN}` });
    const dup = await call(t, 'PUT', `/api/identity-links/${other.id}/external-id`, { as: officer, body: { externalId: hr } });
    expect(dup.statusCode).toBe(409);
    expect(dup.json<{ message: string }>().message).toBe(
      `This HR employee ID is already on the scholar record of ${c.scholar.firstName} ${c.scholar.lastName}.`,
    );

    const unlink = await call(t, 'POST', `/api/identity-links/${acct.id}/unlink`, { as: officer });
    expect(unlink.statusCode, unlink.body).toBe(200);
    const relink = await call(t, 'POST', `/api/identity-links/${acct.id}/link`, { as: officer, body: { recordId: c.scholarId } });
    expect(relink.statusCode, relink.body).toBe(200);
    expect(await audits(c.scholarId, 'scholar.account.linked')).toHaveLength(1);
    expect(await audits(c.scholarId, 'scholar.account.unlinked')).toHaveLength(1);
  });

  it('shows in the Logs', async () => {
    const acct = await account('ISSSstudent');
    const rec = await buildStudent(t, { user: acct.userName, site: 'MAIN', campusId: null });
    await call(t, 'PUT', `/api/identity-links/${acct.id}/external-id`, { as: admin, body: { externalId: uniq('G') } });
    const logs = await call(t, 'GET', '/api/audit/logs', { as: admin, query: { q: rec.id, logType: 'records' } });
    expect(logs.statusCode, logs.body).toBe(200);
    expect(logs.json<{ items: { action: string; actionLabel: string }[] }>().items).toContainEqual(
      expect.objectContaining({ action: 'student.campus-id.changed', actionLabel: 'Changed a student record’s SIS ID' }),
    );
  });
});

describe('bulk link', () => {
  it('previews what would change, refuses to apply a file with one bad row (nothing written), then applies a clean one', async () => {
    const withRecord = await account('ISSSstudent');
    const recA = await buildStudent(t, { user: withRecord.userName, site: 'MAIN', campusId: null });
    const noRecord = await account('ISSSstudent');
    const recB = await buildStudent(t, { site: 'MAIN', campusId: uniq('B') });
    const already = await account('ISSSstudent');
    const alreadyId = uniq('C');
    await buildStudent(t, { user: already.userName, site: 'MAIN', campusId: alreadyId });
    const scholarAcct = await account('scholar', null);
    const sc = await buildScholarCase(t, { user: scholarAcct.userName });
    const holderId = uniq('H');
    await buildStudent(t, { site: 'MAIN', campusId: holderId });
    const conflicted = await account('ISSSstudent');
    await buildStudent(t, { user: conflicted.userName, site: 'MAIN', campusId: null });
    const newA = uniq('N');
    const hr = uniq('R');

    const good = [
      'E-mail,User Name,Campus ID,Employee ID',
      `${withRecord.email},,${newA},`,
      `,${noRecord.userName},${recB.campusId},`,
      `${already.email},,${alreadyId},`,
      `,${scholarAcct.userName},,${hr}`,
    ];
    const bad = [...good, `${conflicted.email},,${holderId},`, `nobody-${RUN}@example.edu,,${uniq('Z')},`, `${withRecord.email},,,`];

    const preview = await upload(officer, 'preview', bad.join('\r\n'));
    expect(preview.statusCode, preview.body).toBe(200);
    const p = preview.json<A.TBulkLinkPreview>();
    expect(p.counts).toEqual({ change: 3, already: 1, conflict: 1, 'not-found': 1, invalid: 1 });
    expect(p.canApply).toBe(false);
    const row6 = p.rows.find((r) => r.rowNo === 6);
    expect(row6?.outcome).toBe('conflict');
    expect(row6?.message).toContain('This SIS ID is already on the student record of');
    expect(p.rows.find((r) => r.rowNo === 7)?.outcome).toBe('not-found');
    expect(p.rows.find((r) => r.rowNo === 8)?.outcome).toBe('invalid');

    const refused = await upload(officer, 'apply', bad.join('\r\n'));
    expect(refused.statusCode).toBe(409);
    expect(await campusIdOf(recA.id)).toBeNull();
    expect(
      (await t.sqlOne<{ user_id: string | null }>('select user_id from student_profiles where id = $1', [recB.id])).user_id,
    ).toBeNull();

    const cleanPreview = (await upload(officer, 'preview', good.join('\r\n'))).json<A.TBulkLinkPreview>();
    expect(cleanPreview.canApply).toBe(true);
    const applied = await upload(officer, 'apply', good.join('\r\n'));
    expect(applied.statusCode, applied.body).toBe(200);
    expect(applied.json<A.TBulkLinkApplied>()).toEqual({ changed: 3, already: 1 });
    expect(await campusIdOf(recA.id)).toBe(newA);
    expect((await t.sqlOne<{ user_id: string | null }>('select user_id from student_profiles where id = $1', [recB.id])).user_id).toBe(
      noRecord.id,
    );
    expect(
      (await t.sqlOne<{ employee_id: string | null }>('select employee_id from scholars where id = $1', [sc.scholarId])).employee_id,
    ).toBe(hr);
    expect(await audits(recB.id, 'student.account.linked')).toHaveLength(1);
    const summary = await t.sql<{ after: Record<string, unknown> }>(
      "select after from audit_events where action = 'identity-links.bulk-applied' and actor_user_id = $1 order by id desc limit 1",
      [officer.userId],
    );
    expect(summary[0]!.after).toMatchObject({ changed: 3, already: 1, rows: 4 });
  });

  it('refuses a file without the columns it needs, or that is not a spreadsheet, on its file field', async () => {
    const noId = await upload(admin, 'preview', 'email,name\r\na@example.edu,A\r\n');
    expect(noId.statusCode).toBe(400);
    expect(noId.json<{ fieldErrors: Record<string, string[]> }>().fieldErrors.file).toEqual([
      'The header needs an id column: campus_id or employee_id.',
    ]);
    const notXlsx = await upload(admin, 'preview', 'email,campus_id\r\n', 'links.xlsx');
    expect(notXlsx.statusCode).toBe(400);
    const none = await t.app.inject({
      method: 'POST',
      url: '/api/identity-links/bulk/preview',
      headers: { host: HOST_A, authorization: `Bearer ${admin.accessToken}`, 'content-type': 'application/json' },
      payload: {},
    });
    expect(none.statusCode).toBe(400);
  });

  it('does not find an account of another campus site for an officer', async () => {
    const med = await account('ISSSstudent', 'MED');
    await buildStudent(t, { user: med.userName, site: 'MED', campusId: null });
    const p = (await upload(officer, 'preview', `email,campus_id\r\n${med.email},${uniq('Q')}\r\n`)).json<A.TBulkLinkPreview>();
    expect(p.rows[0]!.outcome).toBe('not-found');
  });
});

describe('who may use it', () => {
  it('is refused to assistants, department users, scholars and students', async () => {
    const [assistant, dept, scholar, student] = await t.loginAll('assistant', 'dept', 'scholar', 'student');
    for (const as of [assistant, dept, scholar, student]) {
      expect((await call(t, 'GET', '/api/identity-links', { as })).statusCode).toBe(403);
      expect((await call(t, 'GET', '/api/identity-links/unlinked-records', { as, query: { kind: 'student' } })).statusCode).toBe(403);
    }
    expect((await call(t, 'GET', '/api/identity-links')).statusCode).toBe(401);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG, type TAuditEvent, type TSession } from '@meridian/domain';
import { createTestApp, HOST_B, type TTestApp } from './app.js';
import { call, inviteStaff, perms, userIds } from './http.js';
import { buildStudent, buildUser, siteIdOf } from './factories/index.js';

/*
 * getHistory of a user (their sign-ins, the addresses they came from, changes to their account) is
 * staff data of the campus sites the user belongs to (docs/product/audit.md#who-reads-which-history-log):
 * super users read everyone's, officers only that of users of their sites or of no site.
 */

let t: TTestApp;
let admin: TSession;
let officerMain: TSession;
let officerMed: TSession;
let assistant: TSession;
const target: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp();
  [admin, officerMain, assistant] = await Promise.all([t.login('admin'), t.login('officer'), t.login('assistant')]);
  const [MAIN, MED] = [await siteIdOf(t, 'MAIN'), await siteIdOf(t, 'MED')];
  const medOfficer = await buildUser(t, {
    role: 'isssAdmin',
    canSignIn: true,
    staffPermissions: perms({ isOfficer: true, officerSites: [MED] }),
  });
  officerMed = await t.login(medOfficer.userName);
  const ids = await userIds(t, t.institutionA);
  // Sign-ins to read back.
  await Promise.all([t.login('student'), t.login('scholar')]);

  const medStudent = await buildUser(t, { role: 'ISSSstudent', campusSiteId: MED });
  await buildStudent(t, { user: medStudent.userName, site: 'MED' });
  // Invited at Main Campus; the record has since moved to the Medical Campus.
  const movedStudent = await buildUser(t, { role: 'ISSSstudent', campusSiteId: MAIN });
  await buildStudent(t, { user: movedStudent.userName, site: 'MED' });
  const siteless = await buildUser(t, { role: 'ISSSstudent', campusSiteId: MED });
  await buildStudent(t, { user: siteless.userName, site: null });
  const assistantOf = (sites: number[]) =>
    inviteStaff(t, admin, { prefix: 'scope', permissions: perms({ isAssistant: true, assistantSites: sites }) }).then((s) => s.userId);
  Object.assign(target, {
    studentMain: ids.student!,
    studentMed: medStudent.id,
    studentMovedToMed: movedStudent.id,
    studentOfNoSite: siteless.id,
    staffMain: ids.assistant!,
    staffMed: await assistantOf([MED]),
    staffBoth: await assistantOf([MAIN, MED]),
    scholar: ids.scholar!,
    superUser: ids.admin!,
  });
});
afterAll(async () => {
  await t?.close();
});

const history = (as: TSession, userId: string, host?: string) => call(t, 'GET', `/api/audit/user/${userId}`, { as, host });

describe('getHistory of a user, by campus site', () => {
  const expected: Record<string, { officerMain: number; officerMed: number }> = {
    studentMain: { officerMain: 200, officerMed: 404 },
    studentMed: { officerMain: 404, officerMed: 200 },
    studentMovedToMed: { officerMain: 404, officerMed: 200 },
    studentOfNoSite: { officerMain: 200, officerMed: 200 },
    staffMain: { officerMain: 200, officerMed: 404 },
    staffMed: { officerMain: 404, officerMed: 200 },
    staffBoth: { officerMain: 200, officerMed: 200 },
    scholar: { officerMain: 200, officerMed: 200 },
    superUser: { officerMain: 200, officerMed: 200 },
  };

  it("an officer reads the history of users of their own sites (or of no site), not of users who belong only to another site's", async () => {
    const got: Record<string, { officerMain: number; officerMed: number }> = {};
    for (const name of Object.keys(expected)) {
      const [main, med] = await Promise.all([history(officerMain, target[name]!), history(officerMed, target[name]!)]);
      got[name] = { officerMain: main.statusCode, officerMed: med.statusCode };
      for (const res of [main, med]) if (res.statusCode === 404) expect(res.json()).toEqual({ code: 'NOT_FOUND', message: MSG.notFound });
    }
    expect(got).toEqual(expected);
  });

  it('what an officer may read is the sign-in history itself', async () => {
    const res = await history(officerMain, target.studentMain!);
    expect(res.json<{ items: TAuditEvent[] }>().items.map((e) => e.action)).toContain('auth.login.succeeded');
  });

  it('a super user reads everyone', async () => {
    for (const name of Object.keys(expected)) expect((await history(admin, target[name]!)).statusCode, name).toBe(200);
  });

  it('an officer cannot tell a user of another site from no user at all; an assistant may read none', async () => {
    const unknown = await history(officerMain, '00000000-0000-4000-8000-000000000000');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual((await history(officerMain, target.studentMed!)).json());
    expect((await call(t, 'GET', '/api/audit/user/not-a-user-id', { as: officerMain })).statusCode).toBe(404);
    expect((await history(assistant, target.staffMain!)).statusCode).toBe(403);
  });

  it("another institution's officer finds none of A's users", async () => {
    const officerB = await t.login('officer', { host: HOST_B });
    expect((await history(officerB, target.scholar!, HOST_B)).statusCode).toBe(404);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG, type TAuditEvent, type TSession, type TStaffMember } from '@meridian/domain';
import { createTestApp, HOST_B, type TTestApp } from './app.js';
import { call, inviteStaff, latestLink, mailsTo, perms, uniqueStaff, userIds } from './http.js';

let t: TTestApp;
let admin: TSession;
let officer: TSession;
let ids: Record<string, string>;
let MAIN: number;
let MED: number;

beforeAll(async () => {
  t = await createTestApp();
  [admin, officer] = await Promise.all([t.login('admin'), t.login('officer')]);
  ids = await userIds(t, t.institutionA);
  const sites = await t.sql<{ id: number; code: string }>('select id, code from campus_sites where institution_id = $1', [t.institutionA]);
  MAIN = sites.find((s) => s.code === 'MAIN')!.id;
  MED = sites.find((s) => s.code === 'MED')!.id;
});
afterAll(async () => {
  await t?.close();
});

const history = async (userId: string) => {
  const res = await call(t, 'GET', `/api/audit/user/${userId}`, { as: admin });
  expect(res.statusCode).toBe(200);
  return res.json<{ items: TAuditEvent[] }>().items;
};
const countUsers = async () => (await t.sql<{ n: number }>('select count(*)::int as n from users'))[0]!.n;
const countMail = async () => (await t.sql<{ n: number }>('select count(*)::int as n from outbox'))[0]!.n;

describe('inviting a staff member', () => {
  it('creates a pending member and e-mails an invitation whose link sets the password; then they can sign in', async () => {
    const input = {
      firstName: 'Nadia',
      lastName: 'Newcomer',
      email: 'nadia.newcomer@demo.example.edu',
      userName: 'nnewcomer',
      permissions: perms({ isAssistant: true, assistantSites: [MAIN] }),
    };
    const res = await call(t, 'POST', '/api/staff', { as: admin, body: input });
    expect(res.statusCode, res.body).toBe(200);
    const member = res.json<TStaffMember>();
    expect(member).toMatchObject({ userName: 'nnewcomer', isActive: true, isPending: true, lastLoginAt: null, canManage: true });
    expect(member.permissions).toMatchObject({ isAssistant: true, assistantSites: [MAIN], isSuper: false });

    const [mail] = await mailsTo(t, 'nadia.newcomer@demo.example.edu');
    expect(mail).toMatchObject({ purpose: 'password-link:invite', institution_id: t.institutionA });
    expect(mail!.subject).toContain('Demo University');
    const { url, token } = await latestLink(t, 'nadia.newcomer@demo.example.edu');
    expect(url.startsWith('https://portal.demo.test/#/login/pass-reset/')).toBe(true);
    expect((await call(t, 'POST', '/api/auth/password-links/inspect', { body: { token } })).json()).toEqual({
      valid: true,
      purpose: 'invite',
      userName: 'nnewcomer',
      userRole: 'isssAdmin',
    });

    // Pending: no password yet, so no sign-in.
    expect((await call(t, 'POST', '/api/auth/login', { body: { userName: 'nnewcomer', password: 'Amber-Fields-64' } })).statusCode).toBe(
      401,
    );
    const set = await call(t, 'POST', '/api/auth/password-links/use', {
      body: { token, password: 'Amber-Fields-64', confirmPassword: 'Amber-Fields-64' },
    });
    expect(set.statusCode, set.body).toBe(200);
    const session = await t.login('nnewcomer', { password: 'Amber-Fields-64' });
    expect(session.userRole).toBe('isssAdmin');
    const me = (await call(t, 'GET', '/api/auth/me', { as: session })).json();
    expect(me.staff).toMatchObject({ isAssistant: true, assistantSites: [MAIN] });

    const after = (await call(t, 'GET', `/api/staff/${member.userId}`, { as: admin })).json<TStaffMember>();
    expect(after.isPending).toBe(false);
    expect(after.lastLoginAt).not.toBeNull();
  });

  it('refuses a user name already in use (whatever its case) with 409 on the userName field, and an e-mail in use on the email field', async () => {
    const users = await countUsers();
    for (const userName of ['officer', 'OFFICER']) {
      const res = await call(t, 'POST', '/api/staff', { as: admin, body: { ...uniqueStaff('dup'), userName, permissions: perms() } });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ code: 'CONFLICT', fieldErrors: { userName: [MSG.userNameTaken] } });
    }
    const dupEmail = await call(t, 'POST', '/api/staff', {
      as: admin,
      body: { ...uniqueStaff('dup'), email: 'Officer@demo.example.edu', permissions: perms() },
    });
    expect(dupEmail.statusCode).toBe(409);
    expect(dupEmail.json().fieldErrors).toEqual({ email: [MSG.emailTaken] });
    expect(await countUsers()).toBe(users);
  });

  it('a double submit creates one member: 200 and 409, never a 500', async () => {
    const body = { ...uniqueStaff('double'), permissions: perms() };
    const results = await Promise.all([1, 2, 3].map(() => call(t, 'POST', '/api/staff', { as: admin, body })));
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409, 409]);
    // Both the name and the e-mail are taken by then; which one a request trips over first depends on timing.
    for (const r of results.filter((x) => x.statusCode === 409)) {
      expect(r.json().code).toBe('CONFLICT');
      expect(['userName', 'email']).toContain(Object.keys(r.json().fieldErrors)[0]);
    }
    expect(await mailsTo(t, body.email)).toHaveLength(1);
  });

  it('shows field messages for invalid input', async () => {
    const res = await call(t, 'POST', '/api/staff', {
      as: admin,
      body: { firstName: '', lastName: 'X', email: 'not-an-email', userName: 'ab', permissions: perms() },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().fieldErrors).toMatchObject({ firstName: [MSG.required], email: [MSG.invalidEmail], userName: [MSG.invalidLength] });
  });

  it('a new invitation replaces the earlier link', async () => {
    const member = await inviteStaff(t, admin, { prefix: 'resend' });
    const first = await latestLink(t, member.email);
    const res = await call(t, 'POST', `/api/staff/${member.userId}/resend-invitation`, { as: admin });
    expect(res.statusCode).toBe(200);
    const second = await latestLink(t, member.email);
    expect(second.token).not.toBe(first.token);
    expect((await call(t, 'POST', '/api/auth/password-links/inspect', { body: { token: first.token } })).json().valid).toBe(false);
    expect((await call(t, 'POST', '/api/auth/password-links/inspect', { body: { token: second.token } })).json().valid).toBe(true);
    // Someone who has set a password gets no invitation.
    const resent = await call(t, 'POST', `/api/staff/${ids.assistant}/resend-invitation`, { as: admin });
    expect(resent.statusCode).toBe(400);
  });
});

describe('an officer for Main Campus only', () => {
  it.each([
    ['super user rights', () => perms({ isSuper: true }), 'permissions.isSuper'],
    ['officer for Medical Campus', () => perms({ isOfficer: true, officerSites: [MED] }), 'permissions.officerSites'],
    ['officer for every campus', () => perms({ isOfficer: true, officerSites: [] }), 'permissions.officerSites'],
    ['assistant for Medical Campus', () => perms({ isAssistant: true, assistantSites: [MED] }), 'permissions.assistantSites'],
    ['website content', () => perms({ websiteContent: true }), 'permissions.websiteContent'],
  ])('cannot grant %s (403 CANNOT_GRANT), and nobody is created or mailed', async (_what, permissions, field) => {
    const [users, mails] = [await countUsers(), await countMail()];
    const res = await call(t, 'POST', '/api/staff', { as: officer, body: { ...uniqueStaff('grant'), permissions: permissions() } });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'CANNOT_GRANT', message: MSG.cannotGrant, fieldErrors: { [field]: [MSG.cannotGrant] } });
    expect([await countUsers(), await countMail()]).toEqual([users, mails]);

    // Nor by changing someone's permissions.
    const member = await inviteStaff(t, admin, { prefix: 'grant-target' });
    const upd = await call(t, 'PUT', `/api/staff/${member.userId}/permissions`, { as: officer, body: { permissions: permissions() } });
    expect(upd.statusCode).toBe(403);
    expect(upd.json().code).toBe('CANNOT_GRANT');
    expect((await call(t, 'GET', `/api/staff/${member.userId}`, { as: admin })).json().permissions).toEqual(perms());
  });

  it('can invite an assistant for Main Campus, and an officer for Main Campus', async () => {
    const assistant = await call(t, 'POST', '/api/staff', {
      as: officer,
      body: {
        ...uniqueStaff('ok'),
        permissions: perms({
          isAssistant: true,
          assistantSites: [MAIN],
          assistantSettings: { [String(MAIN)]: { sendemail: true, editStudent: false, processRequests: true, sevisBatch: false } },
        }),
      },
    });
    expect(assistant.statusCode, assistant.body).toBe(200);
    expect(assistant.json()).toMatchObject({ isPending: true, canManage: true });
    const colleague = await call(t, 'POST', '/api/staff', {
      as: officer,
      body: { ...uniqueStaff('ok'), permissions: perms({ isOfficer: true, officerSites: [MAIN] }) },
    });
    expect(colleague.statusCode, colleague.body).toBe(200);
  });

  it('cannot edit, deactivate or re-invite the super user, and the super user is unchanged and still signed in', async () => {
    const before = (await call(t, 'GET', `/api/staff/${ids.admin}`, { as: officer })).json<TStaffMember>();
    expect(before.canManage).toBe(false);
    const attempts = [
      await call(t, 'PUT', `/api/staff/${ids.admin}/permissions`, {
        as: officer,
        body: { permissions: perms({ isOfficer: true, officerSites: [MAIN] }) },
      }),
      await call(t, 'POST', `/api/staff/${ids.admin}/deactivate`, { as: officer }),
      await call(t, 'POST', `/api/staff/${ids.admin}/reactivate`, { as: officer }),
    ];
    for (const res of attempts) {
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe('CANNOT_GRANT');
    }
    expect((await call(t, 'GET', `/api/staff/${ids.admin}`, { as: admin })).json()).toMatchObject({
      isActive: true,
      permissions: before.permissions,
    });
    expect((await call(t, 'GET', '/api/auth/me', { as: admin })).statusCode).toBe(200);
  });

  it('cannot turn a student, scholar or department user into staff: they are not staff records (404)', async () => {
    for (const userName of ['student', 'scholar', 'dept', 'advisor']) {
      const res = await call(t, 'PUT', `/api/staff/${ids[userName]}/permissions`, {
        as: admin,
        body: { permissions: perms({ isSuper: true }) },
      });
      expect(res.statusCode, userName).toBe(404);
    }
    const rows = await t.sql("select 1 from users where institution_id = $1 and role <> 'isssAdmin' and staff_permissions is not null", [
      t.institutionA,
    ]);
    expect(rows).toEqual([]);
  });

  it('cannot change an officer of Medical Campus, nor widen their own permissions', async () => {
    const medOfficer = await inviteStaff(t, admin, { prefix: 'med', permissions: perms({ isOfficer: true, officerSites: [MED] }) });
    expect((await call(t, 'POST', `/api/staff/${medOfficer.userId}/deactivate`, { as: officer })).statusCode).toBe(403);
    const self = await call(t, 'PUT', `/api/staff/${ids.officer}/permissions`, {
      as: officer,
      body: { permissions: perms({ isOfficer: true, officerSites: [MAIN] }) },
    });
    expect(self.statusCode).toBe(403);
    expect((await call(t, 'GET', '/api/auth/me', { as: officer })).json().staff).toMatchObject({
      isOfficer: true,
      officerSites: [MAIN],
      isSuper: false,
    });
  });
});

describe('listStaff', () => {
  const names = ['alpha', 'bravo', 'charlie', 'delta', 'echo'];

  beforeAll(async () => {
    for (const n of names) {
      const res = await call(t, 'POST', '/api/staff', {
        as: admin,
        body: {
          firstName: `Zed${n}`,
          lastName: 'Listtest',
          email: `${n}.listtest@list.example.edu`,
          userName: `${n}.listtest`,
          permissions: perms(),
        },
      });
      expect(res.statusCode, res.body).toBe(200);
    }
  });

  const list = async (query: Record<string, string | number>) => {
    const res = await call(t, 'GET', '/api/staff', { as: officer, query });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ items: TStaffMember[]; total: number; page: number; pageSize: number }>();
  };

  it('pages on the server: total, page size and the last partial page', async () => {
    const p1 = await list({ q: 'listtest', pageSize: 2, page: 1 });
    const p3 = await list({ q: 'listtest', pageSize: 2, page: 3 });
    const p4 = await list({ q: 'listtest', pageSize: 2, page: 4 });
    expect(p1).toMatchObject({ total: 5, page: 1, pageSize: 2 });
    expect(p1.items).toHaveLength(2);
    expect(p3.items).toHaveLength(1);
    expect(p4.items).toHaveLength(0);
    const everyone = await list({ status: 'all', pageSize: 100 });
    const { n } = await t.sqlOne<{ n: number }>("select count(*)::int as n from users where institution_id = $1 and role = 'isssAdmin'", [
      t.institutionA,
    ]);
    expect(everyone.total).toBe(n);
    expect(everyone.items).toHaveLength(n);
    expect((await call(t, 'GET', '/api/staff', { as: officer, query: { pageSize: 101 } })).statusCode).toBe(400);
  });

  it('searches user names, e-mails, first, last and full names', async () => {
    expect((await list({ q: 'charlie.listtest' })).items.map((s) => s.userName)).toEqual(['charlie.listtest']);
    expect((await list({ q: 'DELTA.LISTTEST@LIST' })).items.map((s) => s.userName)).toEqual(['delta.listtest']);
    expect((await list({ q: 'Zedecho' })).items.map((s) => s.userName)).toEqual(['echo.listtest']);
    expect((await list({ q: 'Zedbravo Listtest' })).items.map((s) => s.userName)).toEqual(['bravo.listtest']);
    expect((await list({ q: 'listtest', pageSize: 100 })).total).toBe(5);
    expect((await list({ q: 'Officer' })).items.map((s) => s.userName)).toContain('officer');
    // A wildcard in the search is a character, not a pattern.
    expect((await list({ q: '%' })).total).toBe(0);
  });

  it('sorts on the server, e.g. by user name descending', async () => {
    expect((await list({ q: 'listtest', sort: 'userName', order: 'desc', pageSize: 3 })).items.map((s) => s.userName)).toEqual([
      'echo.listtest',
      'delta.listtest',
      'charlie.listtest',
    ]);
    expect((await list({ q: 'listtest', sort: 'userName', order: 'desc', pageSize: 3, page: 2 })).items.map((s) => s.userName)).toEqual([
      'bravo.listtest',
      'alpha.listtest',
    ]);
    expect((await list({ q: 'listtest', sort: 'email', order: 'asc' })).items.map((s) => s.userName)[0]).toBe('alpha.listtest');
  });
});

describe('the History Log of a staff member', () => {
  it('records every change with who made it, before and after', async () => {
    const member = await inviteStaff(t, officer, { prefix: 'audited', permissions: perms({ isAssistant: true, assistantSites: [MAIN] }) });
    const put = await call(t, 'PUT', `/api/staff/${member.userId}/permissions`, {
      as: admin,
      body: { permissions: perms({ isOfficer: true, officerSites: [MAIN] }) },
    });
    expect(put.statusCode).toBe(200);
    expect((await call(t, 'POST', `/api/staff/${member.userId}/deactivate`, { as: admin })).statusCode).toBe(200);
    expect((await call(t, 'POST', `/api/staff/${member.userId}/reactivate`, { as: officer })).statusCode).toBe(200);
    expect((await call(t, 'POST', `/api/staff/${member.userId}/resend-invitation`, { as: officer })).statusCode).toBe(200);

    const events = await history(member.userId);
    expect(events.map((e) => e.action)).toEqual([
      'staff.invitation.resent',
      'staff.reactivated',
      'staff.deactivated',
      'staff.permissions.updated',
      'staff.invited',
    ]);
    const by = Object.fromEntries(events.map((e) => [e.action, e]));
    expect(by['staff.invited']).toMatchObject({
      actorName: 'Olivia Officer',
      before: null,
      after: { userName: member.userName, permissions: { isAssistant: true } },
    });
    expect(by['staff.permissions.updated']).toMatchObject({
      actorName: 'Avery Admin',
      before: { permissions: { isAssistant: true, isOfficer: false } },
      after: { permissions: { isAssistant: false, isOfficer: true, officerSites: [MAIN] } },
    });
    expect(by['staff.deactivated']).toMatchObject({ before: { isActive: true }, after: { isActive: false } });
    expect(by['staff.reactivated']).toMatchObject({ actorName: 'Olivia Officer', before: { isActive: false }, after: { isActive: true } });
    for (const e of events) {
      expect(e.entityId).toBe(member.userId);
      expect(Date.now() - Date.parse(e.at)).toBeLessThan(60_000);
      expect(JSON.stringify(e)).not.toMatch(/password_?hash|\$argon2/i);
    }
  });

  it('records settings changes on the institution', async () => {
    const settings = (await call(t, 'GET', '/api/institution/settings', { as: admin })).json();
    await call(t, 'PUT', '/api/institution/settings', { as: admin, body: { ...settings, loginButtonText: 'Sign in with campus ID' } });
    const res = await call(t, 'GET', `/api/audit/institution/${t.institutionA}`, { as: officer });
    const [latest] = res.json<{ items: TAuditEvent[] }>().items;
    expect(latest).toMatchObject({
      action: 'institution.settings.updated',
      actorName: 'Avery Admin',
      before: { loginButtonText: settings.loginButtonText },
      after: { loginButtonText: 'Sign in with campus ID' },
    });
  });
});

describe('the last super user', () => {
  it('cannot remove their own super user rights or deactivate themselves while no other super user exists', async () => {
    const demote = await call(t, 'PUT', `/api/staff/${ids.admin}/permissions`, {
      as: admin,
      body: { permissions: perms({ isOfficer: true }) },
    });
    expect(demote.statusCode).toBe(400);
    expect(demote.json().fieldErrors).toHaveProperty(['permissions.isSuper']);
    expect((await call(t, 'POST', `/api/staff/${ids.admin}/deactivate`, { as: admin })).statusCode).toBe(400);
    expect((await call(t, 'GET', '/api/auth/me', { as: admin })).json().staff).toMatchObject({ isSuper: true });

    // An inactive super user does not count.
    const dormant = await inviteStaff(t, admin, { prefix: 'dormant-super', permissions: perms({ isSuper: true }) });
    expect((await call(t, 'POST', `/api/staff/${dormant.userId}/deactivate`, { as: admin })).statusCode).toBe(200);
    expect(
      (await call(t, 'PUT', `/api/staff/${ids.admin}/permissions`, { as: admin, body: { permissions: perms({ isOfficer: true }) } }))
        .statusCode,
    ).toBe(400);
  });

  it('may step down once another active super user exists', async () => {
    const successor = await inviteStaff(t, admin, { prefix: 'successor', permissions: perms({ isSuper: true }) });
    // An invited super user who has not set a password yet does not count as the one who remains.
    const early = await call(t, 'PUT', `/api/staff/${ids.admin}/permissions`, {
      as: admin,
      body: { permissions: perms({ isOfficer: true }) },
    });
    expect(early.statusCode).toBe(400);
    const { token } = await latestLink(t, successor.email);
    const set = await call(t, 'POST', '/api/auth/password-links/use', {
      body: { token, password: 'Orbit-Station-88', confirmPassword: 'Orbit-Station-88' },
    });
    expect(set.statusCode).toBe(200);
    const demote = await call(t, 'PUT', `/api/staff/${ids.admin}/permissions`, {
      as: admin,
      body: { permissions: perms({ isOfficer: true }) },
    });
    expect(demote.statusCode, demote.body).toBe(200);
    expect(demote.json().permissions.isSuper).toBe(false);
    // Now the successor is the last one, and the former super user can no longer touch them.
    expect((await call(t, 'POST', `/api/staff/${successor.userId}/deactivate`, { as: admin })).statusCode).toBe(403);
  });
});

describe('the last super user, when two act at the same moment', () => {
  // In institution B, so the demo super user of A plays no part.
  let adminB: TSession;
  const supersOfB = async () =>
    (
      await t.sql<{ n: number }>(
        "select count(*)::int as n from users where institution_id = $1 and is_active and (staff_permissions->>'isSuper')::boolean",
        [t.institutionB],
      )
    )[0]!.n;
  /** A super user of B who has set a password and signed in. */
  async function superUser(inviter: TSession, prefix: string): Promise<{ userId: string; session: TSession }> {
    const member = await inviteStaff(t, inviter, { host: HOST_B, prefix, permissions: perms({ isSuper: true }) });
    const { token } = await latestLink(t, member.email);
    const set = await call(t, 'POST', '/api/auth/password-links/use', {
      host: HOST_B,
      body: { token, password: 'Orbit-Station-88', confirmPassword: 'Orbit-Station-88' },
    });
    expect(set.statusCode).toBe(200);
    return { userId: member.userId, session: await t.login(member.userName, { host: HOST_B, password: 'Orbit-Station-88' }) };
  }
  const demote = (as: TSession, userId: string) =>
    call(t, 'PUT', `/api/staff/${userId}/permissions`, { host: HOST_B, as, body: { permissions: perms({ isOfficer: true }) } });

  beforeAll(async () => {
    adminB = await t.login('admin', { host: HOST_B });
  });
  let survivor: { userId: string; session: TSession };

  it('two demoting each other at once: one stays super', async () => {
    const a = await superUser(adminB, 'duel-a');
    const b = await superUser(adminB, 'duel-b');
    expect((await demote(adminB, (await userIds(t, t.institutionB)).admin!)).statusCode).toBe(200);
    expect(await supersOfB()).toBe(2);
    const results = await Promise.all([demote(a.session, b.userId), demote(b.session, a.userId)]);
    // The loser is refused as the last-super rule (400), or, if the winner's change landed before
    // the loser's request was even checked, as someone no longer super (403).
    const statuses = results.map((r) => r.statusCode).sort();
    expect(statuses[0]).toBe(200);
    expect([400, 403]).toContain(statuses[1]);
    expect(await supersOfB()).toBe(1);
    survivor = results[0].statusCode === 200 ? a : b;
  });

  it('two stepping down at once: one stays super', async () => {
    const other = await superUser(survivor.session, 'race-other');
    expect(await supersOfB()).toBe(2);
    const results = await Promise.all([demote(survivor.session, survivor.userId), demote(other.session, other.userId)]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 400]);
    expect(await supersOfB()).toBe(1);
  });
});

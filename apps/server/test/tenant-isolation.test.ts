import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql, type SQL } from 'drizzle-orm';
import { MSG, type TSession, type TStaffMember } from '@meridian/domain';
import { createTestApp, HOST_A, HOST_B, type TTestApp } from './app.js';
import { call, inviteStaff, latestLink, mailsTo, perms, userIds } from './http.js';

let t: TTestApp;
let adminA: TSession;
let adminB: TSession;
let idsA: Record<string, string>;
let idsB: Record<string, string>;
/** A staff member of B who has not set a password yet (a target for resend-invitation). */
let pendingB: TStaffMember;

/** Everything of institution B a request of A could have touched. */
async function snapshotB() {
  const [users, outbox, audit, sessions, inst] = await Promise.all([
    t.sql(
      'select id, user_name, email, is_active, staff_permissions, password_hash, updated_at from users where institution_id = $1 order by id',
      [t.institutionB],
    ),
    t.sql('select id from outbox where institution_id = $1 order by id', [t.institutionB]),
    t.sql('select id from audit_events where institution_id = $1 order by id', [t.institutionB]),
    t.sql('select id, revoked_at from sessions where institution_id = $1 order by id', [t.institutionB]),
    t.sql('select name, settings, hosts, updated_at from institutions where id = $1', [t.institutionB]),
  ]);
  return { users, outbox, audit, sessions, inst };
}

/** Runs one statement in a transaction of institution A; the PostgreSQL refusal (drizzle wraps it), or '' when it went through. */
async function refusalOf(statement: SQL): Promise<string> {
  try {
    await t.database.tenant(t.institutionA, (tx) => tx.execute(statement));
    return '';
  } catch (e) {
    const err = e as { message: string; cause?: { message?: string | undefined } };
    return err.cause?.message ?? err.message;
  }
}

beforeAll(async () => {
  t = await createTestApp();
  [adminA, adminB] = await Promise.all([t.login('admin'), t.login('admin', { host: HOST_B })]);
  idsA = await userIds(t, t.institutionA);
  idsB = await userIds(t, t.institutionB);
  pendingB = await inviteStaff(t, adminB, { host: HOST_B, prefix: 'pending-b' });
});
afterAll(async () => {
  await t?.close();
});

describe("a user of institution A and institution B's records, through the API", () => {
  it("cannot read or change B's staff members (404) and B's data stays as it was", async () => {
    const before = await snapshotB();
    for (const userId of [idsB.admin!, idsB.officer!, idsB.assistant!, pendingB.userId]) {
      const attempts = [
        call(t, 'GET', `/api/staff/${userId}`, { as: adminA }),
        call(t, 'PUT', `/api/staff/${userId}/permissions`, { as: adminA, body: { permissions: perms({ isSuper: true }) } }),
        call(t, 'POST', `/api/staff/${userId}/deactivate`, { as: adminA }),
        call(t, 'POST', `/api/staff/${userId}/reactivate`, { as: adminA }),
        call(t, 'POST', `/api/staff/${userId}/resend-invitation`, { as: adminA }),
      ];
      for (const res of await Promise.all(attempts)) {
        expect(res.statusCode, res.body).toBe(404);
        expect(res.json()).toEqual({ code: 'NOT_FOUND', message: MSG.notFound });
      }
    }
    expect(await snapshotB()).toEqual(before);
    // B's super user still works: nothing of theirs was revoked.
    expect((await call(t, 'GET', '/api/auth/me', { host: HOST_B, as: adminB })).statusCode).toBe(200);
  });

  it("sees no history of B's users or of B's institution", async () => {
    const events = await t.sql<{ n: number }>('select count(*)::int as n from audit_events where institution_id = $1', [t.institutionB]);
    expect(events[0]!.n).toBeGreaterThan(0);
    for (const [entityType, entityId] of [
      ['user', idsB.admin!],
      ['user', pendingB.userId],
      ['institution', t.institutionB],
    ] as const) {
      const res = await call(t, 'GET', `/api/audit/${entityType}/${entityId}`, { as: adminA });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ items: [], total: 0 });
    }
    // The same history read by B's own super user is not empty: the emptiness above is the wall, not missing data.
    const own = await call(t, 'GET', `/api/audit/user/${pendingB.userId}`, { host: HOST_B, as: adminB });
    expect(own.json().total).toBeGreaterThan(0);
  });

  it("lists only A's staff, campus sites and departments", async () => {
    const staff = await call(t, 'GET', '/api/staff', { as: adminA, query: { status: 'all', pageSize: 100 } });
    const listed = (staff.json().items as TStaffMember[]).map((s) => s.userId);
    const expected = await t.sql<{ id: string }>("select id from users where institution_id = $1 and role = 'isssAdmin'", [t.institutionA]);
    expect(listed.sort()).toEqual(expected.map((r) => r.id).sort());
    expect(staff.json().total).toBe(expected.length);

    const sites = (await call(t, 'GET', '/api/campus-sites', { as: adminA })).json<{ id: number }[]>();
    const sitesA = await t.sql<{ id: number }>('select id from campus_sites where institution_id = $1', [t.institutionA]);
    expect(sites.map((s) => s.id).sort()).toEqual(sitesA.map((s) => s.id).sort());

    const depts = (await call(t, 'GET', '/api/departments', { as: adminA })).json<{ id: string }[]>();
    const deptsA = await t.sql<{ id: string }>('select id from departments where institution_id = $1', [t.institutionA]);
    expect(depts.map((d) => d.id).sort()).toEqual(deptsA.map((d) => d.id).sort());
  });

  it("changing A's settings leaves B's branding and settings untouched", async () => {
    const brandingB = (await call(t, 'GET', '/api/institution/branding', { host: HOST_B })).json();
    const settingsA = (await call(t, 'GET', '/api/institution/settings', { as: adminA })).json();
    const res = await call(t, 'PUT', '/api/institution/settings', {
      as: adminA,
      body: { ...settingsA, accountName: 'Demo University Renamed', primaryColor: '#123456', loginWelcomeText: 'Only for A' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await call(t, 'GET', '/api/institution/branding', { host: HOST_A })).json()).toMatchObject({
      primaryColor: '#123456',
      loginWelcomeText: 'Only for A',
    });
    expect((await call(t, 'GET', '/api/institution/branding', { host: HOST_B })).json()).toEqual(brandingB);
    const [rowB] = await t.sql<{ name: string; settings: Record<string, unknown> }>(
      'select name, settings from institutions where id = $1',
      [t.institutionB],
    );
    expect(rowB).toMatchObject({ name: 'Other College', settings: { accountName: 'Other College', primaryColor: brandingB.primaryColor } });
  });

  it("answers /api/auth/me with A's own account on A's host", async () => {
    const me = await call(t, 'GET', '/api/auth/me', { as: adminA });
    expect(me.json()).toMatchObject({ userId: idsA.admin, accountName: expect.not.stringContaining('Other College') });
    const meB = await call(t, 'GET', '/api/auth/me', { host: HOST_B, as: adminB });
    expect(meB.json()).toMatchObject({ userId: idsB.admin, accountName: 'Other College' });
  });

  it("does not sign in, refresh or accept links of B's users on A's host", async () => {
    // A staff member who exists only in B.
    const onlyB = await inviteStaff(t, adminB, { host: HOST_B, prefix: 'only-b' });
    const { token } = await latestLink(t, onlyB.email);
    // B's invitation link means nothing on A's host...
    expect((await call(t, 'POST', '/api/auth/password-links/inspect', { body: { token } })).json()).toMatchObject({ valid: false });
    const onA = await call(t, 'POST', '/api/auth/password-links/use', {
      body: { token, password: 'Quiet-Harbour-71', confirmPassword: 'Quiet-Harbour-71' },
    });
    expect(onA.statusCode).toBe(400);
    expect(onA.json().message).toBe(MSG.resetLinkInvalid);
    // ...and works on B's.
    const onB = await call(t, 'POST', '/api/auth/password-links/use', {
      host: HOST_B,
      body: { token, password: 'Quiet-Harbour-71', confirmPassword: 'Quiet-Harbour-71' },
    });
    expect(onB.statusCode, onB.body).toBe(200);

    const loginA = await call(t, 'POST', '/api/auth/login', { body: { userName: onlyB.userName, password: 'Quiet-Harbour-71' } });
    expect(loginA.statusCode).toBe(401);
    expect(loginA.json().message).toBe(MSG.loginNotFound);
    const sessionB = await t.login(onlyB.userName, { host: HOST_B, password: 'Quiet-Harbour-71' });

    const refreshOnA = await call(t, 'POST', '/api/auth/refresh', { body: { refreshToken: sessionB.refreshToken } });
    expect(refreshOnA.statusCode).toBe(401);
    // The refused attempt on A did not burn B's refresh token.
    expect((await call(t, 'POST', '/api/auth/refresh', { host: HOST_B, body: { refreshToken: sessionB.refreshToken } })).statusCode).toBe(
      200,
    );
  });

  it('refuses a correctly signed token that names A but carries a session of B', async () => {
    const [session] = await t.sql<{ id: string }>('select id from sessions where user_id = $1 and revoked_at is null limit 1', [
      idsB.admin,
    ]);
    const forged = await t.services.tokens.issueAccess({ sub: idsB.admin!, inst: t.institutionA, sid: session!.id, role: 'isssAdmin' });
    expect((await call(t, 'GET', '/api/staff', { as: forged.token })).statusCode).toBe(401);
  });

  it("sends a reset link for A's account from A's host only, built from A's address", async () => {
    // Both institutions have an account with this e-mail address.
    const before = await mailsTo(t, 'officer@demo.example.edu');
    const res = await call(t, 'POST', '/api/auth/forgot-password', { body: { email: 'officer@demo.example.edu' } });
    expect(res.statusCode).toBe(200);
    const after = await mailsTo(t, 'officer@demo.example.edu');
    expect(after.length).toBe(before.length + 1);
    expect(after[0]!.institution_id).toBe(t.institutionA);
    expect(after[0]!.text_body).toContain('https://portal.demo.test/#/login/pass-reset/');
  });

  it('answers 404 for a host no institution serves', async () => {
    const res = await call(t, 'GET', '/api/institution/branding', { host: 'unknown.example' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'UNKNOWN_INSTITUTION' });
    expect((await call(t, 'GET', '/api/staff', { host: 'unknown.example', as: adminA })).statusCode).toBe(404);
  });
});

describe('the database itself (row-level security for the application role)', () => {
  const TABLES = [
    'users',
    'sessions',
    'refresh_tokens',
    'password_links',
    'outbox',
    'audit_events',
    'campus_sites',
    'departments',
    'scholars',
    'student_profiles',
    'login_throttle',
  ];

  it("shows a transaction of institution A only A's rows, though B has rows in every table", async () => {
    // Give B a throttle row too, so every table has something of B's to hide.
    await call(t, 'POST', '/api/auth/login', { host: HOST_B, body: { userName: 'nobody', password: 'Wrong-pass-1' } });
    for (const table of TABLES) {
      const { b } = await t.sqlOne<{ b: number }>(`select count(*)::int as b from ${table} where institution_id = $1`, [t.institutionB]);
      expect(b, `${table} has rows of B`).toBeGreaterThan(0);
      const seen = await t.database.tenant(
        t.institutionA,
        async (tx) => (await tx.execute<{ institution_id: string }>(sql.raw(`select institution_id from ${table}`))).rows,
      );
      expect(seen.length, `${table} shows A's rows`).toBeGreaterThan(0);
      expect(new Set(seen.map((r) => r.institution_id)), table).toEqual(new Set([t.institutionA]));
    }
    const insts = await t.database.tenant(
      t.institutionA,
      async (tx) => (await tx.execute<{ id: string }>(sql`select id from institutions`)).rows,
    );
    expect(insts.map((r) => r.id)).toEqual([t.institutionA]);
  });

  it("refuses to insert a row with B's institution_id", async () => {
    const B = t.institutionB;
    expect(
      await refusalOf(
        sql`insert into users (institution_id, user_name, email, first_name, last_name, role) values (${B}, 'mole', 'mole@example.edu', 'M', 'Ole', 'isssAdmin')`,
      ),
    ).toMatch(/row-level security/);
    expect(
      await refusalOf(sql`insert into audit_events (institution_id, entity_type, entity_id, action) values (${B}, 'user', 'x', 'forged')`),
    ).toMatch(/row-level security/);
    expect(
      await refusalOf(
        sql`insert into outbox (institution_id, to_address, subject, text_body, purpose, status) values (${B}, 'a@b.c', 's', 't', 'p', 'recorded')`,
      ),
    ).toMatch(/row-level security/);
    expect(await refusalOf(sql`insert into sessions (institution_id, user_id) values (${B}, ${idsB.admin})`)).toMatch(/row-level security/);
    // Moving one of A's rows over to B is refused as well.
    expect(await refusalOf(sql`update users set institution_id = ${B} where id = ${idsA.scholar}`)).toMatch(/row-level security/);
    const { n } = await t.sqlOne<{ n: number }>("select count(*)::int as n from users where user_name = 'mole'");
    expect(n).toBe(0);
  });

  it("cannot update or delete B's rows from A's transaction", async () => {
    const changed = await t.database.tenant(t.institutionA, async (tx) => {
      const u = await tx.execute(sql`update users set is_active = false where institution_id = ${t.institutionB}`);
      const d = await tx.execute(sql`delete from outbox where institution_id = ${t.institutionB}`);
      return [u.rowCount, d.rowCount];
    });
    expect(changed).toEqual([0, 0]);
    const { n } = await t.sqlOne<{ n: number }>('select count(*)::int as n from users where institution_id = $1 and not is_active', [
      t.institutionB,
    ]);
    expect(n).toBe(0);
  });

  it('keeps the audit trail append-only and the signing key out of reach', async () => {
    expect(await refusalOf(sql`update audit_events set action = 'rewritten'`)).toMatch(/permission denied/);
    expect(await refusalOf(sql`delete from audit_events`)).toMatch(/permission denied/);
    expect(await refusalOf(sql`select * from platform_secrets`)).toMatch(/permission denied/);
    const { n } = await t.sqlOne<{ n: number }>("select count(*)::int as n from audit_events where action = 'rewritten'");
    expect(n).toBe(0);
    // Appending is what the application may do.
    expect(
      await refusalOf(
        sql`insert into audit_events (institution_id, entity_type, entity_id, action) values (${t.institutionA}, 'user', 'x', 'test.append')`,
      ),
    ).toBe('');
  });

  it('shows nothing to the application role when no institution is set', async () => {
    const rows = await t.database.owner.transaction(async (tx) => {
      await tx.execute(sql`set local role meridian_app`);
      return (await tx.execute(sql`select id from users`)).rows;
    });
    expect(rows).toEqual([]);
  });
});

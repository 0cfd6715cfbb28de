import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import { SignJWT } from 'jose';
import { MSG, type TSession } from '@meridian/domain';
import { TokenService } from '../src/platform/auth/tokens.js';
import { createTestApp, HOST_B, type TTestApp } from './app.js';
import { call, inviteStaff, latestLink } from './http.js';

let t: TTestApp;
let admin: TSession;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin');
});
afterAll(async () => {
  await t?.close();
});

const me = (as: TSession | string, host?: string) => call(t, 'GET', '/api/auth/me', { as, host });
const refresh = (refreshToken: string, host?: string) => call(t, 'POST', '/api/auth/refresh', { host, body: { refreshToken } });
const tryLogin = (userName: string, password: string, remoteAddress?: string) =>
  call(t, 'POST', '/api/auth/login', { body: { userName, password }, remoteAddress });

/** A staff member of A with a password, so a test can sign them in without touching the demo users. */
async function staffWithPassword(
  prefix: string,
  password = 'Copper-Kettle-58',
): Promise<{ userName: string; userId: string; password: string }> {
  const member = await inviteStaff(t, admin, { prefix });
  const { token } = await latestLink(t, member.email);
  const res = await call(t, 'POST', '/api/auth/password-links/use', { body: { token, password, confirmPassword: password } });
  expect(res.statusCode, res.body).toBe(200);
  return { userName: member.userName, userId: member.userId, password };
}

// Sign-in throttling: sign-in-throttling.test.ts.

describe('refresh tokens', () => {
  it('rotate: each refresh gives a new refresh token and a working access token, and the new refresh token works in turn', async () => {
    const s1 = await t.login('dept');
    const r2 = await refresh(s1.refreshToken);
    expect(r2.statusCode).toBe(200);
    const s2 = r2.json<TSession>();
    expect(s2.refreshToken).not.toBe(s1.refreshToken);
    expect(s2.userId).toBe(s1.userId);
    expect((await me(s2)).statusCode).toBe(200);
    const r3 = await refresh(s2.refreshToken);
    expect(r3.statusCode).toBe(200);
    // Stored only as hashes.
    const stored = await t.sql('select 1 from refresh_tokens where token_hash in ($1, $2, $3)', [
      s1.refreshToken,
      s2.refreshToken,
      r3.json().refreshToken,
    ]);
    expect(stored).toEqual([]);
  });

  it('reusing an old refresh token ends the whole session: the newest refresh and access tokens stop working', async () => {
    const other = await t.login('scholar');
    const s1 = await t.login('scholar');
    const s2 = (await refresh(s1.refreshToken)).json<TSession>();
    const s3 = (await refresh(s2.refreshToken)).json<TSession>();
    expect((await me(s3)).statusCode).toBe(200);

    const replay = await refresh(s1.refreshToken);
    expect(replay.statusCode).toBe(401);
    expect(replay.json().message).toBe(MSG.sessionExpiredSnackbar);

    expect((await refresh(s3.refreshToken)).statusCode).toBe(401);
    expect((await me(s3)).statusCode).toBe(401);
    // Another session of the same user is another family and goes on.
    expect((await me(other)).statusCode).toBe(200);
    expect((await refresh(other.refreshToken)).statusCode).toBe(200);
    const [audit] = await t.sql('select action from audit_events where action = $1 and actor_user_id = $2', [
      'auth.refresh.reuse-detected',
      s1.userId,
    ]);
    expect(audit).toBeDefined();
  });

  it('an unknown refresh token answers 401', async () => {
    expect((await refresh(randomBytes(32).toString('base64url'))).statusCode).toBe(401);
  });
});

describe('ending sessions on the server', () => {
  it('logout: the access token and the refresh token stop working at once', async () => {
    const s = await t.login('student');
    expect((await call(t, 'POST', '/api/auth/logout', { as: s, body: {} })).statusCode).toBe(200);
    expect((await me(s)).statusCode).toBe(401);
    expect((await refresh(s.refreshToken)).statusCode).toBe(401);
  });

  it('deactivating a staff member ends their sessions immediately, and they cannot sign in until reactivated', async () => {
    const user = await staffWithPassword('leaver');
    const s = await t.login(user.userName, { password: user.password });
    expect((await me(s)).statusCode).toBe(200);
    expect((await call(t, 'POST', `/api/staff/${user.userId}/deactivate`, { as: admin })).statusCode).toBe(200);
    expect((await me(s)).statusCode).toBe(401);
    expect((await refresh(s.refreshToken)).statusCode).toBe(401);
    const denied = await tryLogin(user.userName, user.password);
    expect(denied.statusCode).toBe(401);
    expect(denied.json().message).toBe(MSG.loginNotFound);
    expect((await call(t, 'POST', `/api/staff/${user.userId}/reactivate`, { as: admin })).statusCode).toBe(200);
    expect((await tryLogin(user.userName, user.password)).statusCode).toBe(200);
    // The old session stays ended.
    expect((await me(s)).statusCode).toBe(401);
  });

  it('a password reset ends every session of the user', async () => {
    const user = await staffWithPassword('resetter');
    const s = await t.login(user.userName, { password: user.password });
    expect((await call(t, 'POST', '/api/auth/forgot-password', { body: { email: `${user.userName}@staff.example.edu` } })).statusCode).toBe(
      200,
    );
    const { token } = await latestLink(t, `${user.userName}@staff.example.edu`);
    const used = await call(t, 'POST', '/api/auth/password-links/use', {
      body: { token, password: 'Brand-New-Pass-9', confirmPassword: 'Brand-New-Pass-9' },
    });
    expect(used.statusCode).toBe(200);
    expect((await me(s)).statusCode).toBe(401);
    expect((await refresh(s.refreshToken)).statusCode).toBe(401);
  });
});

describe('access tokens that are refused (401)', () => {
  let s: TSession;
  let key: Uint8Array;
  const claims = () => ({ inst: t.institutionA, sid: '', role: s.userRole, typ: 'access' });
  /** Signs a token as the server does, with parts changed. */
  const sign = (
    opts: {
      key?: Uint8Array | undefined;
      exp?: number | undefined;
      aud?: string | undefined;
      iss?: string | undefined;
      payload?: Record<string, unknown> | undefined;
    } = {},
  ) => {
    const now = Math.floor(Date.now() / 1000);
    return new SignJWT({ ...claims(), sid: sid, ...(opts.payload ?? {}) })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(s.userId)
      .setIssuer(opts.iss ?? 'meridian')
      .setAudience(opts.aud ?? 'meridian-api')
      .setIssuedAt(now - 120)
      .setExpirationTime(opts.exp ?? now + 600)
      .sign(opts.key ?? key);
  };
  let sid: string;

  beforeAll(async () => {
    s = await t.login('officer');
    const [row] = await t.sql<{ value: string }>("select value from platform_secrets where key = 'access-token-key'");
    key = Buffer.from(row!.value, 'base64');
    const [session] = await t.sql<{ id: string }>(
      'select id from sessions where user_id = $1 and revoked_at is null order by created_at desc limit 1',
      [s.userId],
    );
    sid = session!.id;
  });

  it('a token signed here with the right claims works (the control for the cases below)', async () => {
    expect((await me(await sign())).statusCode).toBe(200);
  });

  it('an expired token', async () => {
    expect((await me(await sign({ exp: Math.floor(Date.now() / 1000) - 5 }))).statusCode).toBe(401);
    const expired = await t.services.tokens.issueAccess({ sub: s.userId, inst: t.institutionA, sid, role: s.userRole }, -1);
    expect((await me(expired.token)).statusCode).toBe(401);
  });

  it('a token signed with another key', async () => {
    expect((await me(await sign({ key: randomBytes(32) }))).statusCode).toBe(401);
    const other = await new TokenService(randomBytes(32)).issueAccess({ sub: s.userId, inst: t.institutionA, sid, role: s.userRole });
    expect((await me(other.token)).statusCode).toBe(401);
  });

  it("a token with alg 'none'", async () => {
    const b64 = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
    const now = Math.floor(Date.now() / 1000);
    const unsigned = `${b64({ alg: 'none', typ: 'JWT' })}.${b64({ ...claims(), sid, sub: s.userId, iss: 'meridian', aud: 'meridian-api', iat: now, exp: now + 600 })}.`;
    expect((await me(unsigned)).statusCode).toBe(401);
  });

  it('a token whose payload was altered after signing', async () => {
    // An expired token of a live session, its expiry pushed into the future: only the signature can tell.
    const now = Math.floor(Date.now() / 1000);
    const [h, p, sig] = (await sign({ exp: now - 5 })).split('.');
    const payload = JSON.parse(Buffer.from(p!, 'base64url').toString());
    const altered = `${h}.${Buffer.from(JSON.stringify({ ...payload, exp: now + 600 })).toString('base64url')}.${sig}`;
    expect((await me(altered)).statusCode).toBe(401);
  });

  it('a token for another audience, issuer or of another type', async () => {
    expect((await me(await sign({ aud: 'someone-else' }))).statusCode).toBe(401);
    expect((await me(await sign({ iss: 'someone-else' }))).statusCode).toBe(401);
    expect((await me(await sign({ payload: { typ: 'refresh' } }))).statusCode).toBe(401);
  });

  it("a token of another institution, on this institution's host", async () => {
    const b = await t.login('officer', { host: HOST_B });
    expect((await me(b, HOST_B)).statusCode).toBe(200);
    expect((await me(b)).statusCode).toBe(401);
    // Rewriting the institution claim (with the real key) does not help: the session is B's.
    expect(
      (
        await me(
          await sign({
            payload: { sid: (await t.sql<{ id: string }>('select id from sessions where user_id = $1 limit 1', [b.userId]))[0]!.id },
          }),
        )
      ).statusCode,
    ).toBe(401);
  });

  it('a token of a session that was ended', async () => {
    const fresh = await t.login('officer');
    const token = fresh.accessToken;
    await call(t, 'POST', '/api/auth/logout', { as: fresh, body: {} });
    expect((await me(token)).statusCode).toBe(401);
  });
});

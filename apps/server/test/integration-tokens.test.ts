import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authApi, type TSession } from '@meridian/domain';
import { createTestApp, HOST_B, type TTestApp } from './app.js';
import { call, inviteStaff, perms } from './http.js';

// docs/product/integration-tokens.md: keys for campus systems, acting for their issuer within their scopes.
let t: TTestApp;
let admin: TSession;
let officer: TSession;
beforeAll(async () => {
  t = await createTestApp();
  [admin, officer] = await t.loginAll('admin', 'officer');
});
afterAll(() => t.close());

let seq = 0;
async function issue(as: TSession, scopes: string[], expiresInDays = 90) {
  const res = await call(t, 'POST', '/api/integration-tokens', { as, body: { name: `SIS feed ${++seq}`, scopes, expiresInDays } });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['cache-control']).toBe('no-store');
  return res.json<{ token: authApi.TIntegrationToken; secret: string }>();
}

describe('integration tokens', () => {
  it('shows the secret once and keeps only its hash', async () => {
    const { token, secret } = await issue(admin, ['students:read']);
    expect(secret.startsWith(authApi.INTEGRATION_TOKEN_PREFIX)).toBe(true);
    expect(secret.length).toBeGreaterThan(40);
    expect(token).toMatchObject({ status: 'active', scopes: ['students:read'], hint: secret.slice(-4), useCount: 0, lastUsedAt: null });
    const list = await call(t, 'GET', '/api/integration-tokens', { as: admin });
    expect(list.body).not.toContain(secret);
    expect(list.json<{ items: authApi.TIntegrationToken[] }>().items.map((i) => i.id)).toContain(token.id);
    const [row] = await t.sql<Record<string, unknown>>('select * from integration_tokens where id = $1', [token.id]);
    expect(JSON.stringify(row)).not.toContain(secret.slice(authApi.INTEGRATION_TOKEN_PREFIX.length));
    expect(row!.token_hash).toBe(createHash('sha256').update(secret).digest('hex'));
    // It lives as long as chosen, counted from now.
    const days = (Date.parse(token.expiresAt) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(89.9);
    expect(days).toBeLessThanOrEqual(90);
  });

  it('reads students within its scope and is refused outside it, each use recorded', async () => {
    const { token, secret } = await issue(admin, ['students:read']);
    const students = await call(t, 'GET', '/api/students', { as: secret });
    expect(students.statusCode, students.body).toBe(200);
    const mine = await call(t, 'GET', '/api/students', { as: admin });
    expect(students.json<{ total: number }>().total).toBe(mine.json<{ total: number }>().total);

    for (const [method, url] of [
      ['GET', '/api/scholars/dashboard'],
      ['GET', '/api/staff'],
      ['GET', '/api/auth/me'],
      ['POST', '/api/auth/logout'],
    ] as const) {
      const res = await call(t, method, url, { as: secret });
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(res.json()).toEqual({ code: 'OUTSIDE_SCOPE', message: authApi.MSG_INTEGRATION.outsideScope });
    }
    // A read scope does not write, even with a valid body.
    const create = await call(t, 'POST', '/api/students', { as: secret, body: {} });
    expect(create.statusCode).toBe(403);

    const uses = await call(t, 'GET', `/api/integration-tokens/${token.id}/uses`, { as: admin });
    const items = uses.json<{ items: authApi.TIntegrationTokenUse[] }>().items;
    expect(items.map((u) => `${u.call} ${u.refused ?? 'ok'}`)).toEqual([
      'POST /api/students outside its scopes',
      'POST /api/auth/logout outside its scopes',
      'GET /api/auth/me outside its scopes',
      'GET /api/staff outside its scopes',
      'GET /api/scholars/dashboard outside its scopes',
      'GET /api/students ok',
    ]);
    const [after] = (await call(t, 'GET', '/api/integration-tokens', { as: admin }))
      .json<{ items: authApi.TIntegrationToken[] }>()
      .items.filter((i) => i.id === token.id);
    expect(after).toMatchObject({ useCount: 6 });
    expect(after!.lastUsedAt).not.toBeNull();
    expect(after!.lastUsedIp).not.toBeNull();
  });

  it("reaches only its issuer's campus sites", async () => {
    const { secret } = await issue(officer, ['students:read']);
    const viaToken = (await call(t, 'GET', '/api/students', { as: secret, query: { pageSize: 100 } })).json<{ total: number }>();
    const officerOwn = (await call(t, 'GET', '/api/students', { as: officer, query: { pageSize: 100 } })).json<{ total: number }>();
    const everyone = (await call(t, 'GET', '/api/students', { as: admin, query: { pageSize: 100 } })).json<{ total: number }>();
    expect(viaToken.total).toBe(officerOwn.total);
    expect(viaToken.total).toBeLessThan(everyone.total);
  });

  it('stops working when revoked, expired, or its issuer is deactivated', async () => {
    const revoked = await issue(admin, ['students:read']);
    expect((await call(t, 'DELETE', `/api/integration-tokens/${revoked.token.id}`, { as: officer })).json()).toMatchObject({
      status: 'revoked',
    });
    expect((await call(t, 'GET', '/api/students', { as: revoked.secret })).statusCode).toBe(401);
    const again = await call(t, 'DELETE', `/api/integration-tokens/${revoked.token.id}`, { as: admin });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ message: authApi.MSG_INTEGRATION.alreadyRevoked });

    const expired = await issue(admin, ['students:read'], 30);
    await t.sql(`update integration_tokens set expires_at = now() - interval '1 second' where id = $1`, [expired.token.id]);
    expect((await call(t, 'GET', '/api/students', { as: expired.secret })).statusCode).toBe(401);
    const listed = (await call(t, 'GET', '/api/integration-tokens', { as: admin })).json<{ items: authApi.TIntegrationToken[] }>();
    expect(listed.items.find((i) => i.id === expired.token.id)?.status).toBe('expired');

    // The issuer leaves the office: the token leaves with them.
    const leaver = await inviteStaff(t, admin, { permissions: perms({ isOfficer: true }) });
    const theirs = await issue(admin, ['students:read']);
    await t.sql('update integration_tokens set created_by = $1 where id = $2', [leaver.userId, theirs.token.id]);
    expect((await call(t, 'GET', '/api/students', { as: theirs.secret })).statusCode).toBe(200);
    expect((await call(t, 'POST', `/api/staff/${leaver.userId}/deactivate`, { as: admin })).statusCode).toBe(200);
    expect((await call(t, 'GET', '/api/students', { as: theirs.secret })).statusCode).toBe(401);
  });

  it("is no token on another institution's host, and a made-up one is none either", async () => {
    const { secret } = await issue(admin, ['students:read']);
    expect((await call(t, 'GET', '/api/students', { as: secret, host: HOST_B })).statusCode).toBe(401);
    expect((await call(t, 'GET', '/api/students', { as: `${authApi.INTEGRATION_TOKEN_PREFIX}${'A'.repeat(43)}` })).statusCode).toBe(401);
  });

  it('slows a runaway client down with 429 and Retry-After, recording the first refusal only', async () => {
    const { token, secret } = await issue(admin, ['students:read']);
    await t.sql(`update integration_tokens set window_start = now(), window_count = $2 where id = $1`, [
      token.id,
      authApi.INTEGRATION_CALLS_PER_MINUTE - 1,
    ]);
    expect((await call(t, 'GET', '/api/students', { as: secret })).statusCode).toBe(200);
    for (let i = 0; i < 3; i++) {
      const res = await call(t, 'GET', '/api/students', { as: secret });
      expect(res.statusCode).toBe(429);
      expect(res.json()).toMatchObject({ code: 'RATE_LIMITED', message: authApi.MSG_INTEGRATION.tooManyCalls });
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
      expect(Number(res.headers['retry-after'])).toBeLessThanOrEqual(60);
    }
    const uses = (await call(t, 'GET', `/api/integration-tokens/${token.id}/uses`, { as: admin })).json<{
      items: authApi.TIntegrationTokenUse[];
    }>();
    expect(uses.items.map((u) => u.refused)).toEqual(['too many calls', null]);
    // A minute later the window starts again.
    await t.sql(`update integration_tokens set window_start = now() - interval '61 seconds' where id = $1`, [token.id]);
    expect((await call(t, 'GET', '/api/students', { as: secret })).statusCode).toBe(200);
  });

  it('names each mistake on its field and keeps names unique among active tokens', async () => {
    const bad = await call(t, 'POST', '/api/integration-tokens', { as: admin, body: { name: '  ', scopes: [], expiresInDays: 7 } });
    expect(bad.statusCode).toBe(400);
    const fields = bad.json<{ fieldErrors: Record<string, string[]> }>().fieldErrors;
    expect(fields.name).toEqual([authApi.MSG_INTEGRATION.nameRequired]);
    expect(fields.scopes).toEqual([authApi.MSG_INTEGRATION.scopesRequired]);
    expect(fields.expiresInDays).toEqual([authApi.MSG_INTEGRATION.lifetime]);

    const body = { name: 'HR nightly', scopes: ['scholars:read'], expiresInDays: 365 };
    const first = await call(t, 'POST', '/api/integration-tokens', { as: admin, body });
    expect(first.statusCode).toBe(200);
    const twin = await call(t, 'POST', '/api/integration-tokens', { as: officer, body: { ...body, name: 'hr NIGHTLY' } });
    expect(twin.statusCode).toBe(409);
    expect(twin.json()).toMatchObject({ fieldErrors: { name: [authApi.MSG_INTEGRATION.nameTaken] } });
    await call(t, 'DELETE', `/api/integration-tokens/${first.json<{ token: { id: string } }>().token.id}`, { as: admin });
    expect((await call(t, 'POST', '/api/integration-tokens', { as: admin, body })).statusCode).toBe(200);
  });

  it('a write scope creates through the same rules as a person, and the change is audited as its issuer', async () => {
    const { secret } = await issue(admin, ['students:write']);
    const res = await call(t, 'GET', '/api/students', { as: secret });
    expect(res.statusCode).toBe(200);
    const refused = await call(t, 'POST', '/api/students', { as: secret, body: { lastName: '' } });
    expect(refused.statusCode).toBe(400);
  });

  it('the OpenAPI document tells a campus system how to use one', async () => {
    const doc = (await call(t, 'GET', '/api/openapi.json')).json<{
      info: { description: string };
      components: { securitySchemes: { bearerAuth: { description: string } } };
    }>();
    expect(doc.info.description).toContain(`Authorization: Bearer ${authApi.INTEGRATION_TOKEN_PREFIX}`);
    for (const s of authApi.INTEGRATION_SCOPES) expect(doc.info.description).toContain(`| \`${s.key}\` | ${s.label} |`);
    expect(doc.info.description).toContain('429');
    expect(doc.components.securitySchemes.bearerAuth.description).toContain(authApi.INTEGRATION_TOKEN_PREFIX);
  });
});

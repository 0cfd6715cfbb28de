import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { MSG, type TSession } from '@meridian/domain';
import { createTestApp, HOST_A, type TTestApp } from './app.js';
import { call } from './http.js';

let t: TTestApp;
let admin: TSession;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin');
});
afterAll(async () => {
  await t?.close();
});

/** Every error leaves as {code, message, fieldErrors?}: nothing else, never a stack or an internal detail. */
function expectErrorBody(res: LightMyRequestResponse) {
  expect(res.headers['content-type']).toMatch(/^application\/json/);
  const body = res.json<Record<string, unknown>>();
  expect(typeof body.code).toBe('string');
  expect(typeof body.message).toBe('string');
  expect(
    Object.keys(body).every((k) => ['code', 'message', 'fieldErrors'].includes(k)),
    JSON.stringify(body),
  ).toBe(true);
  expect(res.body).not.toMatch(/\bat .+\.(ts|js):\d+|node_modules|stack|FST_/i);
}

const raw = (method: 'GET' | 'POST' | 'PUT', url: string, payload: string | Buffer | undefined, headers: Record<string, string> = {}) =>
  t.app.inject({ method, url, ...(payload !== undefined ? { payload } : {}), headers: { host: HOST_A, ...headers } });

describe('errors', () => {
  it('a malformed JSON body answers 400 {code, message}, never 500', async () => {
    for (const payload of ['{"userName": "admin", "password": ', '{not json}', '[1,2', '"unterminated']) {
      const res = await raw('POST', '/api/auth/login', payload, { 'content-type': 'application/json' });
      expect(res.statusCode, payload).toBe(400);
      expectErrorBody(res);
      expect(res.json().code).toBe('BAD_REQUEST');
    }
    // Also on a route that needs a signed-in user.
    const res = await raw('PUT', '/api/institution/settings', '{"primaryColor":', {
      'content-type': 'application/json',
      authorization: `Bearer ${admin.accessToken}`,
    });
    expect(res.statusCode).toBe(400);
    expectErrorBody(res);
  });

  it('a body of the wrong shape answers 400 with messages on the fields', async () => {
    for (const payload of ['null', '[]', '42', '{"userName": 5, "password": ["x"]}']) {
      const res = await raw('POST', '/api/auth/login', payload, { 'content-type': 'application/json' });
      expect(res.statusCode, payload).toBe(400);
      expectErrorBody(res);
    }
    const res = await raw('POST', '/api/auth/login', '{}', { 'content-type': 'application/json' });
    expect(res.json().fieldErrors).toEqual({ userName: [MSG.enterUserName], password: [MSG.enterPassword] });
  });

  it('an unsupported content type or an oversized body is refused with {code, message}', async () => {
    const form = await raw('POST', '/api/auth/login', 'userName=admin', { 'content-type': 'application/x-www-form-urlencoded' });
    expect(form.statusCode).toBe(415);
    expectErrorBody(form);
    expect(form.json().code).toBe('UNSUPPORTED_MEDIA_TYPE');
    // Plain text is read as a string, which is not a login: 400, not a sign-in.
    const text = await raw('POST', '/api/auth/login', '{"userName":"admin","password":"Meridian-demo-1"}', {
      'content-type': 'text/plain',
    });
    expect(text.statusCode).toBe(400);
    expectErrorBody(text);
    const big = await raw('POST', '/api/auth/login', JSON.stringify({ userName: 'admin', password: 'x'.repeat(1_100_000) }), {
      'content-type': 'application/json',
    });
    expect(big.statusCode).toBe(413);
    expectErrorBody(big);
    expect(big.json().code).toBe('TOO_LARGE');
  });

  it('bad query or path values answer 400, not 500', async () => {
    for (const url of [
      '/api/staff?page=0',
      '/api/staff?pageSize=abc',
      '/api/staff?sort=password_hash',
      '/api/staff?status=everyone',
      '/api/audit/sessions/x',
    ]) {
      const res = await call(t, 'GET', url, { as: admin });
      expect(res.statusCode, url).toBe(400);
      expectErrorBody(res);
    }
    const res = await call(t, 'GET', '/api/staff/not-a-uuid', { as: admin });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
    expectErrorBody(res);
  });

  it("the router's own refusals (an over-long path segment, a broken %-escape) answer {code, message}, without echoing the address", async () => {
    const long = await call(t, 'GET', `/api/staff/${'a'.repeat(500)}`, { as: admin });
    expect(long.statusCode).toBe(414);
    expectErrorBody(long);
    expect(long.json()).toEqual({ code: 'URI_TOO_LONG', message: 'The address is too long.' });
    const broken = await raw('GET', '/api/staff/%E0%A4%A', undefined, { authorization: `Bearer ${admin.accessToken}` });
    expect(broken.statusCode).toBe(400);
    expectErrorBody(broken);
    expect(broken.json()).toEqual({ code: 'BAD_REQUEST', message: 'The address could not be read.' });
  });

  it('text with a NUL character is refused on its field, in a search, a body or a path, never 500', async () => {
    const search = await call(t, 'GET', `/api/staff?q=${encodeURIComponent('Smi\u0000th')}`, { as: admin });
    expect(search.statusCode).toBe(400);
    expectErrorBody(search);
    expect(search.json().fieldErrors).toEqual({ q: [MSG.nulCharacter] });
    const list = await call(t, 'GET', `/api/requests?q=${encodeURIComponent('\u0000')}`, { as: admin });
    expect(list.statusCode).toBe(400);
    const body = await raw('POST', '/api/auth/login', JSON.stringify({ userName: 'ad\u0000min', password: 'x' }), {
      'content-type': 'application/json',
    });
    expect(body.statusCode).toBe(400);
    expect(body.json().fieldErrors).toEqual({ userName: [MSG.nulCharacter] });
    const path = await call(t, 'GET', `/api/staff/${encodeURIComponent('\u0000')}`, { as: admin });
    expect(path.statusCode).toBe(400);
    expectErrorBody(path);
  });

  it('half of an emoji (an unpaired surrogate, which JSON can carry and PostgreSQL refuses) is refused on its field; a whole one is taken', async () => {
    const body = await raw('POST', '/api/auth/login', '{"userName":"ad\\ud83dmin","password":"x"}', { 'content-type': 'application/json' });
    expect(body.statusCode).toBe(400);
    expect(body.json().fieldErrors).toEqual({ userName: [MSG.brokenCharacter] });
    const settings = await raw('PUT', '/api/institution/settings', '{"loginWelcomeText":"\\ude00"}', {
      'content-type': 'application/json',
      authorization: `Bearer ${admin.accessToken}`,
    });
    expect(settings.statusCode).toBe(400);
    expect(settings.json().fieldErrors).toEqual({ loginWelcomeText: [MSG.brokenCharacter] });
    const whole = await raw('POST', '/api/auth/login', '{"userName":"ad\\ud83d\\ude00min","password":"x"}', {
      'content-type': 'application/json',
    });
    expect(whole.statusCode).toBe(401);
  });

  it('an impossible date in the request list filters is named on the field (Feb 30, month 13), a real one is taken', async () => {
    for (const [q, field] of [
      ['from=2026-02-30', 'from'],
      ['to=2026-13-01', 'to'],
      ['from=2027-02-29', 'from'],
    ] as const) {
      const res = await call(t, 'GET', `/api/requests?${q}`, { as: admin });
      expect(res.statusCode, q).toBe(400);
      expect(res.json().fieldErrors[field]).toEqual([MSG.invalidDate]);
    }
    // 2028 is a leap year: February 29 exists.
    expect((await call(t, 'GET', '/api/requests?from=2028-02-29', { as: admin })).statusCode).toBe(200);
  });

  it('an anonymous caller is told to sign in before anything about what it sent', async () => {
    const res = await call(t, 'GET', '/api/staff?page=0');
    expect(res.statusCode).toBe(401);
    const post = await call(t, 'POST', '/api/requests', { body: { nonsense: true } });
    expect(post.statusCode).toBe(401);
  });

  it('an unknown /api address answers 404 JSON', async () => {
    for (const [method, url] of [
      ['GET', '/api/nope'],
      ['GET', '/api/staff/x/y/z'],
      ['POST', '/api/auth/me'],
      ['PUT', '/api'],
    ] as const) {
      const res = await call(t, method, url, { as: admin });
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expectErrorBody(res);
      expect(res.json().code).toBe('NOT_FOUND');
    }
  });

  it('never shows a password hash or a token hash in an answer', async () => {
    const res = await call(t, 'GET', '/api/staff', { as: admin, query: { status: 'all', pageSize: 100 } });
    expect(res.body).not.toMatch(/\$argon2|password_?hash|token_?hash/i);
  });
});

describe('response headers on /api', () => {
  const cases: Array<[string, () => Promise<LightMyRequestResponse>]> = [
    ['a 200', () => call(t, 'GET', '/api/auth/me', { as: admin })],
    ['a public 200', () => call(t, 'GET', '/api/institution/branding')],
    ['a 401', () => call(t, 'GET', '/api/staff')],
    ['a 400 for malformed JSON', () => raw('POST', '/api/auth/login', '{', { 'content-type': 'application/json' })],
    ['a 404', () => call(t, 'GET', '/api/nope')],
  ];

  it.each(cases)('%s carries no-store and the security headers', async (_what, send) => {
    const res = await send();
    expect(res.headers['cache-control']).toBe('no-store');
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("object-src 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    expect(String(res.headers['strict-transport-security'])).toMatch(/max-age=\d{7,}/);
    expect(res.headers['x-powered-by']).toBeUndefined();
  });

  it('grants no cross-origin access to another site', async () => {
    const res = await call(t, 'GET', '/api/auth/me', { as: admin, headers: { origin: 'https://evil.example' } });
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
    const preflight = await t.app.inject({
      method: 'OPTIONS',
      url: '/api/auth/me',
      headers: { host: HOST_A, origin: 'https://evil.example', 'access-control-request-method': 'GET' },
    });
    expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
  });
});

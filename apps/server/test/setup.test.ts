import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import { institutionsApi, MSG, type TSession } from '@meridian/domain';
import { buildApp, type TApp } from '../src/app.js';
import { loadConfig } from '../src/platform/config/config.js';
import { openDatabase, type TDatabase } from '../src/platform/db/database.js';
import { createTestApp, type TTestApp } from './app.js';
import { call } from './http.js';

/** A migrated database with no institution at all: what a real office starts from. */
async function createEmptyApp(): Promise<TApp & { database: TDatabase; close: () => Promise<void> }> {
  const adminUrl = inject('pgAdminUrl');
  const name = `meridian_t_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name} template ${inject('pgTemplate')}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = openDatabase(url.toString(), { max: 5 });
  const built = await buildApp({ ...loadConfig({}), publicBaseUrl: 'https://unused.example' }, database, {
    logger: false,
    serveWeb: false,
  });
  return {
    ...built,
    database,
    close: async () => {
      await built.app.close();
      await database.close();
      const a = new pg.Client({ connectionString: adminUrl });
      await a.connect();
      await a.query(`drop database if exists ${name} with (force)`).catch(() => {});
      await a.end();
    },
  };
}

const HOST = 'isss.northfield.test';
const SETUP = {
  institutionName: 'Northfield State University',
  primaryColor: '#5e35b1',
  secondaryColor: '#fdd835',
  publicBaseUrl: 'https://isss.northfield.test/',
  timeZone: 'America/New_York',
  firstName: 'Grace',
  lastName: 'Hopper',
  email: 'grace.hopper@northfield.test',
  userName: 'ghopper',
  password: 'Compiler-Bug-1947',
  confirmPassword: 'Compiler-Bug-1947',
};

let e: Awaited<ReturnType<typeof createEmptyApp>>;
const inject2 = (method: 'GET' | 'POST', url: string, body?: unknown, headers: Record<string, string> = {}) =>
  e.app.inject({ method, url, headers: { host: HOST, ...headers }, ...(body !== undefined ? { payload: body as object } : {}) });

beforeAll(async () => {
  e = await createEmptyApp();
});
afterAll(async () => {
  await e?.close();
});

describe('the set-up wizard on an empty database', () => {
  it('says set-up is required, and the rest of the API says so too', async () => {
    const status = await inject2('GET', '/api/setup/status');
    expect(status.statusCode).toBe(200);
    expect(status.json()).toEqual({ setupRequired: true });
    for (const [method, url] of [
      ['GET', '/api/institution/branding'],
      ['POST', '/api/auth/login'],
    ] as const) {
      const res = await inject2(method, url, method === 'POST' ? { userName: 'admin', password: 'Meridian-demo-1' } : undefined);
      expect(res.statusCode, url).toBe(503);
      expect(res.json().code).toBe('SETUP_REQUIRED');
    }
  });

  it('refuses invalid input with messages on the fields, and creates nothing', async () => {
    const cases: Array<[Record<string, string>, string, string]> = [
      [{ confirmPassword: 'Compiler-Bug-1948' }, 'confirmPassword', MSG.passwordsMatch],
      [{ password: 'short1A', confirmPassword: 'short1A' }, 'password', MSG.passwordTooShort],
      [{ password: 'Password123', confirmPassword: 'Password123' }, 'password', MSG.commonPassword],
      [{ password: 'Northfield-State-University-1', confirmPassword: 'Northfield-State-University-1' }, 'password', MSG.commonPassword],
      [{ primaryColor: 'purple' }, 'primaryColor', 'Enter a colour as #RRGGBB'],
      // WCAG 2.x 1.4.3: white text on the primary colour needs 4.5:1 (docs/product/institutions.md#colours-that-stay-readable).
      [{ primaryColor: '#F5D000' }, 'primaryColor', 'White text on #F5D000 has a contrast of 1.51:1; it needs at least 4.5:1.'],
      [{ email: 'grace' }, 'email', MSG.invalidEmail],
      // Only an IANA zone the runtime knows (Intl.supportedValuesOf('timeZone')); an abbreviation or an offset is not one.
      [{ timeZone: 'EST' }, 'timeZone', institutionsApi.TIME_ZONE_UNKNOWN],
      [{ timeZone: 'GMT-5' }, 'timeZone', institutionsApi.TIME_ZONE_UNKNOWN],
      [{ timeZone: '' }, 'timeZone', MSG.required],
    ];
    for (const [change, field, message] of cases) {
      const res = await inject2('POST', '/api/setup', { ...SETUP, ...change });
      expect(res.statusCode, JSON.stringify(change)).toBe(400);
      expect(res.json().fieldErrors?.[field], JSON.stringify(change)).toContain(message);
    }
    expect((await e.database.pool.query('select count(*)::int as n from institutions')).rows[0].n).toBe(0);
  });

  it('creates the institution and its super user, who can then sign in; a second set-up is refused with 409', async () => {
    // Two clicks on "Finish" at once give one institution.
    const [first, second] = await Promise.all([inject2('POST', '/api/setup', SETUP), inject2('POST', '/api/setup', SETUP)]);
    expect([first.statusCode, second.statusCode].sort()).toEqual([200, 409]);
    const done = first.statusCode === 200 ? first : second;
    expect(done.json()).toEqual({ ok: true });
    const refused = first.statusCode === 409 ? first : second;
    expect(refused.json()).toMatchObject({ code: 'SETUP_DONE', message: MSG.setupDone });
    expect((await e.database.pool.query('select count(*)::int as n from institutions')).rows[0].n).toBe(1);

    expect((await inject2('GET', '/api/setup/status')).json()).toEqual({ setupRequired: false });
    expect((await inject2('GET', '/api/institution/branding')).json()).toMatchObject({
      accountName: 'Northfield State University',
      primaryColor: '#5e35b1',
      secondaryColor: '#fdd835',
      timeZone: 'America/New_York',
    });

    const login = await inject2('POST', '/api/auth/login', { userName: 'ghopper', password: 'Compiler-Bug-1947' });
    expect(login.statusCode, login.body).toBe(200);
    const session = login.json<TSession>();
    const me = await inject2('GET', '/api/auth/me', undefined, { authorization: `Bearer ${session.accessToken}` });
    expect(me.json()).toMatchObject({ userName: 'ghopper', accountName: 'Northfield State University', staff: { isSuper: true } });

    const again = await inject2('POST', '/api/setup', { ...SETUP, institutionName: 'Takeover College', userName: 'mallory' });
    expect(again.statusCode).toBe(409);
    expect((await e.database.pool.query("select count(*)::int as n from users where user_name = 'mallory'")).rows[0].n).toBe(0);
  });

  it('links in e-mails use the address given at set-up', async () => {
    await inject2('POST', '/api/auth/forgot-password', { email: 'grace.hopper@northfield.test' });
    const rows = (
      await e.database.pool.query("select text_body from outbox where to_address = 'grace.hopper@northfield.test' order by created_at desc")
    ).rows;
    expect(rows[0].text_body).toContain('https://isss.northfield.test/#/login/pass-reset/');
  });
});

describe('the set-up wizard with institutions present', () => {
  let t: TTestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('says no set-up is required and refuses one (409)', async () => {
    expect((await call(t, 'GET', '/api/setup/status')).json()).toEqual({ setupRequired: false });
    const res = await call(t, 'POST', '/api/setup', { body: SETUP });
    expect(res.statusCode).toBe(409);
    expect((await t.sql("select count(*)::int as n from institutions where name = 'Northfield State University'"))[0]!.n).toBe(0);
  });
});

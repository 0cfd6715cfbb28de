import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import type { TSession } from '@meridian/domain';
import { buildApp, type TApp } from '../src/app.js';
import { loadConfig, type TConfig } from '../src/platform/config/config.js';
import { openDatabase, type TDatabase } from '../src/platform/db/database.js';
import { seedDemo, DEMO_PASSWORD } from '../src/seed/demo.js';
import { forgetCachedSessions } from '../src/platform/auth/session-cache.js';

export { DEMO_PASSWORD };
export const HOST_A = 'demo.test';
export const HOST_B = 'other.test';

export interface TTestApp extends TApp {
  database: TDatabase;
  config: TConfig;
  institutionA: string;
  institutionB: string;
  /** Raw SQL as the database owner (to look behind the API, e.g. the outbox). */
  sql: <R extends pg.QueryResultRow = Record<string, unknown>>(text: string, values?: unknown[]) => Promise<R[]>;
  /** The first row of an owner SQL query; throws when there is none. */
  sqlOne: <R extends pg.QueryResultRow = Record<string, unknown>>(text: string, values?: unknown[]) => Promise<R>;
  login: (userName: string, opts?: { host?: string | undefined; password?: string | undefined }) => Promise<TSession>;
  /** Signs several demo users in at once (institution A): one session per name, in order. */
  loginAll: <const N extends readonly string[]>(...userNames: N) => Promise<{ -readonly [K in keyof N]: TSession }>;
  close: () => Promise<void>;
}

/**
 * A fresh database (copied from the migrated template) with two institutions: 'Demo University'
 * on host demo.test and 'Other College' on other.test, each seeded with the demo users.
 */
export async function createTestApp(configOverrides: Partial<TConfig> = {}, opts: { serveWeb?: boolean } = {}): Promise<TTestApp> {
  const adminUrl = inject('pgAdminUrl');
  const template = inject('pgTemplate');
  const name = `meridian_t_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name} template ${template}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = openDatabase(url.toString(), { max: 5 });
  const config: TConfig = { ...loadConfig({}), publicBaseUrl: 'https://portal.demo.test', ...configOverrides };
  const institutionA = (await seedDemo(database, { publicBaseUrl: 'https://portal.demo.test', hosts: [HOST_A] }))!;
  const institutionB = (await seedDemo(database, {
    publicBaseUrl: 'https://portal.other.test',
    hosts: [HOST_B],
    name: 'Other College',
    force: true,
  }))!;
  // TEST_APP_LOG=1 prints the server's error log (a 500's stack), e.g. to fix what generated-input.test.ts finds.
  const logged = !!process.env.TEST_APP_LOG;
  const built = await buildApp(logged ? { ...config, logLevel: 'error' } : config, database, {
    logger: logged,
    serveWeb: opts.serveWeb ?? false,
  });
  const login = async (userName: string, opts: { host?: string | undefined; password?: string | undefined } = {}): Promise<TSession> => {
    const res = await built.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { host: opts.host ?? HOST_A },
      payload: { userName, password: opts.password ?? DEMO_PASSWORD },
    });
    if (res.statusCode !== 200) throw new Error(`login ${userName} failed: ${res.statusCode} ${res.body}`);
    return res.json<TSession>();
  };
  const sql = async <R extends pg.QueryResultRow>(text: string, values?: unknown[]) => {
    const { rows } = await database.pool.query<R>(text, values);
    // A write behind the API (an account switched off, a session aged) is seen on the next call, as the
    // API's own writes are on their server (platform/auth/session-cache.ts).
    if (!/^\s*select\b/i.test(text)) forgetCachedSessions();
    return rows;
  };
  const sqlOne = async <R extends pg.QueryResultRow>(text: string, values?: unknown[]): Promise<R> => {
    const [row] = await sql<R>(text, values);
    if (!row) throw new Error(`no row for: ${text}`);
    return row;
  };
  return {
    ...built,
    database,
    config,
    institutionA,
    institutionB,
    sql,
    sqlOne,
    login,
    loginAll: (...userNames) => Promise.all(userNames.map((u) => login(u))) as never,
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

export const bearer = (s: TSession) => ({ authorization: `Bearer ${s.accessToken}` });

import net from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@meridian/domain';
import { openDatabase } from '../src/platform/db/database.js';
import { isDatabaseUnavailable } from '../src/platform/db/errors.js';
import { createTestApp, HOST_A, type TTestApp } from './app.js';

// docs/product/operations.md#the-database-going-away: the portal outlives its database connections.
let t: TTestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** Terminates every server connection of this test's database but the caller's own (as an administrator would). */
const terminateAll = async () => {
  const [{ db }] = (await t.database.pool.query<{ db: string }>('select current_database() as db')).rows as [{ db: string }];
  const admin = openDatabase(t.database.pool.options.connectionString!.replace(/\/[^/]+$/, '/postgres'), { max: 1 });
  try {
    await admin.pool.query('select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()', [db]);
  } finally {
    await admin.close();
  }
};

describe('when the database connections are cut', () => {
  it('a request caught in the middle fails as unavailable, the process keeps running, and the next request works', async () => {
    let inside!: () => void;
    const reached = new Promise<void>((r) => (inside = r));
    const work = t.database.tenant(t.institutionA, async (tx) => {
      await tx.execute(sql`select 1`);
      inside();
      // The connection is cut while this transaction holds it, between two statements.
      await new Promise((r) => setTimeout(r, 300));
      await tx.execute(sql`select 2`);
    });
    await reached;
    await terminateAll();
    const failure = await work.then(
      () => null,
      (e: unknown) => e,
    );
    expect(isDatabaseUnavailable(failure)).toBe(true);
    const health = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(200);
    expect(health.json()).toEqual({ status: 'ok' });
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { host: HOST_A },
      payload: { userName: 'admin', password: 'Meridian-demo-1' },
    });
    expect(signIn.statusCode).toBe(200);
  });

  it('idle connections cut under the pool are replaced without the caller noticing', async () => {
    await t.app.inject({ method: 'GET', url: '/api/health' });
    await terminateAll();
    await new Promise((r) => setTimeout(r, 100));
    const health = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect([200, 503]).toContain(health.statusCode);
    const again = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(again.statusCode).toBe(200);
  });
});

describe('while the database cannot be reached', () => {
  it('recognises the driver\'s own failures as "unavailable": refused, and no answer within the wait', async () => {
    // PostgreSQL down: nothing listens on the port.
    const refused = openDatabase('postgres://postgres@127.0.0.1:1/none', { connectTimeoutMs: 500 });
    const e1 = await refused.tenant(t.institutionA, () => Promise.resolve(1)).catch((e: unknown) => e);
    await refused.close();
    expect(isDatabaseUnavailable(e1)).toBe(true);
    // PostgreSQL hung: the port accepts but never answers; the pool gives up after its wait.
    const silent = net.createServer(() => {});
    await new Promise<void>((r) => silent.listen(0, '127.0.0.1', r));
    const port = (silent.address() as net.AddressInfo).port;
    const hung = openDatabase(`postgres://postgres@127.0.0.1:${port}/none`, { connectTimeoutMs: 300 });
    const started = Date.now();
    const e2 = await hung.tenant(t.institutionA, () => Promise.resolve(1)).catch((e: unknown) => e);
    expect(Date.now() - started).toBeLessThan(3000);
    expect(isDatabaseUnavailable(e2)).toBe(true);
    await hung.close().catch(() => {});
    silent.close();
  });

  it("does not take a user's mistake for an outage", () => {
    expect(isDatabaseUnavailable(Object.assign(new Error('duplicate key'), { code: '23505' }))).toBe(false);
    expect(isDatabaseUnavailable(Object.assign(new Error('invalid input syntax for type date'), { code: '22007' }))).toBe(false);
  });

  it('maps a lost database to 503 UNAVAILABLE on a live app', async () => {
    const pool = t.database.pool;
    const original = pool.query.bind(pool);
    // The next health check finds the server gone (ECONNREFUSED from the driver).
    (pool as unknown as { query: unknown }).query = () =>
      Promise.reject(Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }));
    try {
      const res = await t.app.inject({ method: 'GET', url: '/api/health' });
      expect(res.statusCode).toBe(503);
      expect(res.headers['retry-after']).toBe('30');
      expect(res.json()).toEqual({ code: 'UNAVAILABLE', message: MSG.databaseUnavailable });
    } finally {
      (pool as unknown as { query: unknown }).query = original;
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
  });
});

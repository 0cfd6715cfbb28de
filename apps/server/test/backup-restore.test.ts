import { execFile, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { REPO_ROOT } from '../src/platform/config/config.js';
import { openDatabase } from '../src/platform/db/database.js';
import { createTestApp, DEMO_PASSWORD, HOST_A, type TTestApp } from './app.js';

// docs/product/operations.md#backup-and-restore: a backup taken while the portal works restores into a
// fresh database that holds the same rows, table by table, and the portal runs on it.
const run = promisify(execFile);
const SCRIPT = path.join(REPO_ROOT, 'tools', 'ops', 'backup.mjs');
const dumpFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'meridian-backup-')), 'meridian.dump');

let t: TTestApp;
let sourceUrl: string;
let targetUrl: string;
let serverMajor = 0;
const toolMajor = Number(/(\d+)/.exec(spawnSync('pg_dump', ['--version'], { encoding: 'utf8' }).stdout ?? '')?.[1] ?? 0);

const withDb = async <T>(url: string, fn: (c: pg.Client) => Promise<T>): Promise<T> => {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    return await fn(c);
  } finally {
    await c.end();
  }
};

/** Each table's rows as fingerprints (md5 of the row's text), to compare databases table by table. */
const fingerprints = (url: string) =>
  withDb(url, async (c) => {
    const { rows: tables } = await c.query<{ name: string }>(
      "select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1",
    );
    const out = new Map<string, string[]>();
    for (const { name } of tables) {
      const { rows } = await c.query<{ h: string }>(`select md5(x::text) as h from "${name}" x order by 1`);
      out.set(
        name,
        rows.map((r) => r.h),
      );
    }
    return out;
  });

beforeAll(async () => {
  t = await createTestApp();
  sourceUrl = t.database.pool.options.connectionString!;
  serverMajor = await withDb(sourceUrl, async (c) =>
    Math.floor(Number((await c.query('show server_version_num')).rows[0].server_version_num) / 10000),
  );
  const target = `meridian_restore_${process.pid}`;
  targetUrl = sourceUrl.replace(/\/[^/]+$/, `/${target}`);
  await withDb(sourceUrl.replace(/\/[^/]+$/, '/postgres'), (c) =>
    c.query(`drop database if exists ${target} with (force)`).then(() => c.query(`create database ${target}`)),
  );
});
afterAll(async () => {
  await t.close();
  await withDb(sourceUrl.replace(/\/[^/]+$/, '/postgres'), (c) =>
    c.query(`drop database if exists meridian_restore_${process.pid} with (force)`),
  ).catch(() => {});
});

describe('backup and restore', () => {
  it('a backup taken while requests run restores into a fresh database, table by table, and the portal signs in on it', async (ctx) => {
    // pg_dump reads only servers of its own major version or older: the embedded PostgreSQL is newer
    // than the client tools Debian ships; there the README's cold backup (copy data/) applies.
    if (toolMajor < serverMajor) ctx.skip(`pg_dump ${toolMajor} cannot read PostgreSQL ${serverMajor}`);

    // Work goes on during the backup: messages are queued, people sign in.
    let writing = true;
    const writes = (async () => {
      let i = 0;
      while (writing) {
        await t.sql(
          "insert into outbox (institution_id, to_address, subject, text_body, purpose, status) values ($1, $2, 'Reminder', 'Body', 'test', 'recorded')",
          [t.institutionA, `s${i++}@load.test`],
        );
        if (i % 10 === 0) await t.login('officer');
      }
      return i;
    })();
    await new Promise((r) => setTimeout(r, 200));
    await run(process.execPath, [SCRIPT, 'backup', dumpFile], { env: { ...process.env, DATABASE_URL: sourceUrl } });
    writing = false;
    const written = await writes;
    expect(written).toBeGreaterThan(0);
    expect(fs.statSync(dumpFile).mode & 0o077).toBe(0);

    // Refuses a target that is not empty, then restores into the fresh one.
    const refused = await run(process.execPath, [SCRIPT, 'restore', dumpFile], { env: { ...process.env, DATABASE_URL: sourceUrl } }).catch(
      (e: { stderr: string }) => e,
    );
    expect(refused.stderr).toContain('is not empty');
    await run(process.execPath, [SCRIPT, 'restore', dumpFile], { env: { ...process.env, DATABASE_URL: targetUrl } });

    const source = await fingerprints(sourceUrl);
    const restored = await fingerprints(targetUrl);
    expect([...restored.keys()]).toEqual([...source.keys()]);
    // Tables the work during the backup changed hold what was there when the snapshot began: rows come
    // and go there (a sign-in reserves a try and clears it), so they are compared by what cannot differ:
    // insert-only ones hold no row that was never written.
    const TOUCHED = ['outbox', 'sessions', 'refresh_tokens', 'audit_events', 'login_throttle', 'users'];
    for (const [table, rows] of source) {
      const back = restored.get(table)!;
      if (table === 'outbox' || table === 'audit_events') expect(back.length, table).toBeLessThanOrEqual(rows.length);
      // Every other table comes back exactly, row for row.
      else if (!TOUCHED.includes(table)) expect(back, table).toEqual(rows);
    }
    const queued = new Set(source.get('outbox'));
    expect(restored.get('outbox')!.filter((h) => !queued.has(h))).toEqual([]);
    expect(restored.get('outbox')!.length).toBeGreaterThan(0);

    // The portal runs on the restored database: row-level security and sign-in work.
    const db = openDatabase(targetUrl, { max: 2 });
    const { app } = await buildApp({ ...t.config }, db, { logger: false, serveWeb: false });
    const signIn = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { host: HOST_A },
      payload: { userName: 'admin', password: DEMO_PASSWORD },
    });
    expect(signIn.statusCode).toBe(200);
    await app.close();
    await db.close();
  });
});

import { spawn, type ChildProcess, execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { startA11yRun } from './a11y.js';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    databaseUrl: string;
    chromium: string;
  }
}

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export function findChromium(): string | null {
  if (process.env.CHROMIUM_PATH) return process.env.CHROMIUM_PATH;
  for (const p of ['/usr/bin/chromium', '/usr/bin/chromium-browser']) if (fs.existsSync(p)) return p;
  try {
    return execFileSync('which', ['chromium'], { encoding: 'utf8' }).trim() || null;
  } catch {
    return null;
  }
}

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });

async function waitForHealth(url: string, child: ChildProcess, ms = 120_000): Promise<void> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.ok) return;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error('server did not become healthy in time');
}

/** The compiled server that `npm start` runs: the journeys test the production build, not tsx. */
const SERVER_ENTRY = 'apps/server/dist/main.js';

/**
 * Starts the real server (the same entry as `npm start`) on a fresh database with the demo
 * institution, against the built web app. PostgreSQL: DATABASE_URL's server, else the embedded one.
 */
export default async function setup(project: TestProject) {
  const chromium = findChromium();
  if (!chromium) throw new Error('Chromium is needed for the browser journeys: apt-get install -y chromium (or set CHROMIUM_PATH).');
  for (const built of ['apps/web/dist/index.html', SERVER_ENTRY]) {
    if (!fs.existsSync(path.join(ROOT, built))) throw new Error(`${built} is missing: build first with npm run build`);
  }

  let stopEmbedded: (() => Promise<void>) | null = null;
  let adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) {
    const { startEmbeddedPostgres } = await import('../apps/server/src/platform/db/embedded.js');
    const e = await startEmbeddedPostgres({
      // A shard of a sharded run (e2e/run.mjs) has a data folder of its own.
      dataDir: path.join(ROOT, 'data', process.env.E2E_SHARD ? `e2e-${process.env.E2E_SHARD}` : 'e2e'),
      port: Number(process.env.E2E_EMBEDDED_PG_PORT ?? 54349),
      database: 'postgres',
      quiet: true,
      // A database made for this run and dropped after it: nothing to keep through a crash.
      throwaway: true,
    });
    adminUrl = e.url;
    stopEmbedded = e.stop;
  }
  const dbName = `meridian_e2e_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${dbName}`);
  const dbUrl = new URL(adminUrl);
  dbUrl.pathname = `/${dbName}`;

  const port = await freePort();
  const baseUrl = `http://localhost:${port}`;
  const logFile = path.join(ROOT, 'e2e', 'artifacts', process.env.E2E_SHARD ? `server-${process.env.E2E_SHARD}.log` : 'server.log');
  fs.mkdirSync(path.dirname(logFile), { recursive: true });
  // The accessibility report and the states already checked are this run's (e2e/a11y.ts).
  // A sharded run (e2e/run.mjs) starts them once for all its shards.
  if (!process.env.E2E_SHARD) startA11yRun();
  const log = fs.openSync(logFile, 'w');
  const child = spawn(process.execPath, ['--enable-source-maps', SERVER_ENTRY], {
    cwd: ROOT,
    env: {
      ...process.env,
      DATABASE_URL: dbUrl.toString(),
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_BASE_URL: baseUrl,
      MERIDIAN_DEMO: '1',
      SMTP_URL: '',
    },
    stdio: ['ignore', log, log],
  });
  try {
    await waitForHealth(baseUrl, child);
  } catch (e) {
    child.kill('SIGKILL');
    throw new Error(`${(e as Error).message}; see ${logFile}:\n${fs.readFileSync(logFile, 'utf8').slice(-3000)}`, { cause: e });
  }
  project.provide('baseUrl', baseUrl);
  project.provide('databaseUrl', dbUrl.toString());
  project.provide('chromium', chromium);

  return async () => {
    child.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 1000));
    if (child.exitCode === null) child.kill('SIGKILL');
    await admin.query(`drop database if exists ${dbName} with (force)`).catch(() => {});
    await admin.end();
    if (stopEmbedded) await stopEmbedded();
  };
}

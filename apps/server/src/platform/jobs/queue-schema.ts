import type pg from 'pg';
import PgBoss from 'pg-boss';

/** pg-boss keeps its tables in a schema of its own. */
export const BOSS_SCHEMA = 'pgboss';

/** The pg-boss adapter on the application's own pool: one set of connections, one place that handles outages. */
export function bossDb(pool: pg.Pool): PgBoss.Db {
  return { executeSql: async (text, values) => pool.query(text, values) };
}

/** Creates or updates pg-boss's tables; runs with the application's migrations. */
export async function migrateJobQueue(pool: pg.Pool): Promise<void> {
  const boss = new PgBoss({ db: bossDb(pool), schema: BOSS_SCHEMA, supervise: false, schedule: false });
  boss.on('error', () => {});
  await boss.start();
  await boss.stop({ graceful: false, wait: true, close: false });
}

import { randomBytes } from 'node:crypto';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { REPO_ROOT } from '../src/platform/config/config.js';
import { startEmbeddedPostgres, type TEmbedded } from '../src/platform/db/embedded.js';
import { migrateDatabase, openDatabase } from '../src/platform/db/database.js';

declare module 'vitest' {
  export interface ProvidedContext {
    pgAdminUrl: string;
    pgTemplate: string;
  }
}

/**
 * One PostgreSQL for the run: DATABASE_URL's server when set, else the embedded one. A template
 * database is migrated once; every test file gets a fresh copy of it (see test/app.ts).
 */
export default async function setup(project: TestProject) {
  let embedded: TEmbedded | null = null;
  let adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) {
    embedded = await startEmbeddedPostgres({
      dataDir: path.join(REPO_ROOT, 'data', 'test'),
      port: Number(process.env.TEST_EMBEDDED_PG_PORT ?? 54339),
      database: 'postgres',
      quiet: true,
      // Each test file's database is made from a template and dropped: nothing to keep through a crash.
      throwaway: true,
    });
    adminUrl = embedded.url;
  }
  const template = `meridian_tpl_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${template}`);
  const url = new URL(adminUrl);
  url.pathname = `/${template}`;
  const db = openDatabase(url.toString(), { max: 2 });
  await migrateDatabase(db);
  await db.close();
  project.provide('pgAdminUrl', adminUrl);
  project.provide('pgTemplate', template);
  return async () => {
    await admin.query(`drop database if exists ${template} with (force)`).catch(() => {});
    await admin.end();
    if (embedded) await embedded.stop();
  };
}

import fs from 'node:fs';
import path from 'node:path';
import { loadConfig, type TConfig } from './platform/config/config.js';
import { startEmbeddedPostgres, type TEmbedded } from './platform/db/embedded.js';
import { migrateDatabase, openDatabase } from './platform/db/database.js';
import { isDatabaseUnavailable } from './platform/db/errors.js';
import { describeStartFailure, type TStartStep } from './platform/errors/start-error.js';
import { MailDelivery } from './platform/mail/mailer.js';
import { buildApp } from './app.js';
import { seedDemo } from './seed/demo.js';
import { moduleDailyJobs, prepareModuleData } from './modules.js';

/** How far start-up got, for a failure message that says what was happening. */
const progress: { step: TStartStep; config: TConfig | null; embedded: TEmbedded | null } = {
  step: 'reading the settings',
  config: null,
  embedded: null,
};

/** Start-up: config -> database (embedded or DATABASE_URL) -> migrate -> seed -> listen. */
async function main(): Promise<void> {
  const config = loadConfig();
  progress.config = config;
  let url = config.databaseUrl;
  if (!url) {
    progress.step = 'starting the embedded database';
    console.log(`Starting the embedded PostgreSQL (data in ${path.join(config.dataDir, 'pg')}) ...`);
    progress.embedded = await startEmbeddedPostgres({ dataDir: config.dataDir, port: config.embeddedPgPort, database: 'meridian' });
    url = progress.embedded.url;
  }
  progress.step = 'connecting to the database';
  const database = openDatabase(url);
  await database.pool.query('select 1');
  progress.step = 'updating the database';
  await migrateDatabase(database);
  if (config.seedDemo) {
    progress.step = 'seeding the demo';
    const seeded = await seedDemo(database, { publicBaseUrl: config.publicBaseUrl });
    if (seeded) console.log('Seeded the demo institution "Demo University" (users in the README, password Meridian-demo-1).');
  }
  progress.step = 'updating the database';
  await prepareModuleData(database);
  if (!fs.existsSync(path.join(config.webDist, 'index.html'))) {
    console.warn(`The web app is not built (${config.webDist}); run "npm run build" or use "npm start" from the repository root.`);
  }
  progress.step = 'starting the web server';
  const { app, services, jobs } = await buildApp(config, database);
  const mail = new MailDelivery(database, config.smtpUrl, config.mailFrom, undefined, {
    dkim: config.dkim,
    tokens: services.tokens,
    perMinute: config.mailRatePerMinute,
  });

  let stopping = false;
  // Graceful shutdown (a deploy, a scale-in): stop listening, let the requests under way finish (new
  // ones get 503 from the proxy's next node), finish the e-mail in flight, then close the database.
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info(`${signal}: draining requests and jobs, then shutting down`);
    const forced = setTimeout(() => {
      app.log.warn('shutdown took over 30 s: stopping now');
      process.exit(1);
    }, 30_000);
    forced.unref();
    await Promise.all([app.close().catch(() => {}), mail.stop()]);
    await database.close().catch(() => {});
    if (progress.embedded) await progress.embedded.stop().catch(() => {});
    process.exit(0);
  };
  // A library's promise that fails because the database went away (and nobody awaited it) must not end
  // the server: it answers 503 meanwhile and recovers. Any other unhandled failure still stops it.
  process.on('unhandledRejection', (reason) => {
    if (isDatabaseUnavailable(reason)) {
      app.log.warn(`database unavailable: ${(reason as Error).message}`);
      return;
    }
    app.log.fatal({ err: reason }, 'unhandled rejection: stopping');
    process.exit(1);
  });
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  mail.start();
  // Daily work, once a day across all servers: OPT unemployment alerts and STEM report rows, scholar
  // alerts, uploads never imported losing their rows after a fortnight, the nightly SEVIS batches, and
  // finished jobs (their results and files) forgotten after a fortnight.
  await jobs.scheduleDaily([...moduleDailyJobs(services), jobs.retention()]);
  const shown = ['0.0.0.0', '::', '127.0.0.1', '::1'].includes(config.host) ? 'localhost' : config.host;
  console.log(`Meridian is running on http://${shown}:${config.port}`);
}

main().catch(async (e: unknown) => {
  console.error(
    describeStartFailure(e, { step: progress.step, databaseUrl: progress.config?.databaseUrl, port: progress.config?.port ?? 3000 }),
  );
  // A database we started must not outlive a failed start.
  if (progress.embedded) await progress.embedded.stop().catch(() => {});
  process.exit(1);
});

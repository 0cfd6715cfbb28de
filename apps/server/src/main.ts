import fs from 'node:fs';
import path from 'node:path';
import { loadConfig } from './platform/config/config.js';
import { startEmbeddedPostgres, type TEmbedded } from './platform/db/embedded.js';
import { migrateDatabase, openDatabase } from './platform/db/database.js';
import { MailDelivery } from './platform/mail/mailer.js';
import { buildApp } from './app.js';
import { seedDemo } from './seed/demo.js';
import { startDailyJobs } from './platform/jobs/daily-runner.js';
import { moduleDailyJobs } from './modules.js';

/** Start-up: config -> database (embedded or DATABASE_URL) -> migrate -> seed -> listen. */
async function main(): Promise<void> {
  const config = loadConfig();
  let embedded: TEmbedded | null = null;
  let url = config.databaseUrl;
  if (!url) {
    console.log(`Starting the embedded PostgreSQL (data in ${path.join(config.dataDir, 'pg')}) ...`);
    embedded = await startEmbeddedPostgres({ dataDir: config.dataDir, port: config.embeddedPgPort, database: 'meridian' });
    url = embedded.url;
  }
  const database = openDatabase(url);
  await migrateDatabase(database);
  if (config.seedDemo) {
    const seeded = await seedDemo(database, { publicBaseUrl: config.publicBaseUrl });
    if (seeded) console.log('Seeded the demo institution "Demo University" (users in the README, password Meridian-demo-1).');
  }
  if (!fs.existsSync(path.join(config.webDist, 'index.html'))) {
    console.warn(`The web app is not built (${config.webDist}); run "npm run build" or use "npm start" from the repository root.`);
  }
  const { app, services } = await buildApp(config, database);
  const mail = new MailDelivery(database, config.smtpUrl, config.mailFrom);
  mail.start();
  // Daily work on whichever server takes the lock: OPT unemployment alerts and STEM report rows.
  // Uploads never imported lose their rows (personal data) after a fortnight.
  const stopJobs = startDailyJobs(database, moduleDailyJobs(services));

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info(`${signal}: shutting down`);
    mail.stop();
    stopJobs();
    await app.close().catch(() => {});
    await database.close().catch(() => {});
    if (embedded) await embedded.stop().catch(() => {});
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  console.log(`Meridian is running on http://localhost:${config.port}`);
}

main().catch((e) => {
  console.error('Meridian failed to start:', e);
  process.exit(1);
});

/**
 * Benchmark of the fixed cost of an API call: small endpoints through the real app (app.inject, with
 * the production logger writing to a discarded stream) against the same handler SQL replayed
 * directly, alternating. App minus SQL is what every call pays for routing, the token and session
 * check, validation, serialization and logging.
 * Run: `npm run bench:api` (DATABASE_URL's server if set, else the embedded PostgreSQL).
 * Env: BENCH_ITERATIONS (1000), BENCH_WARMUP (100).
 * A script, not a test: figures depend on the machine, so nothing here asserts a time.
 */
import { Writable } from 'node:stream';
import {
  benchApp,
  f,
  getter,
  log,
  machineLines,
  measureScenario,
  memory,
  openBenchDatabase,
  pct,
  resultTable,
  type TMeasured,
} from './harness.js';

const ITER = Number(process.env.BENCH_ITERATIONS ?? 1000);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 100);

const SCENARIOS = [
  { name: 'GET /api/auth/me', url: '/api/auth/me', query: {}, table: '"users"' },
  { name: 'GET /api/notifications?limit=1', url: '/api/notifications', query: { limit: 1 }, table: '"notifications"' },
];

async function main() {
  const db = await openBenchDatabase();
  try {
    const discard = new Writable({ write: (_chunk, _enc, done) => done() });
    const { app, login } = await benchApp(db.database, { logTo: discard });
    const actors = [
      { who: 'admin (super user)', token: await login('admin') },
      { who: 'officer (Main Campus)', token: await login('officer') },
    ];
    const memBefore = memory();
    const rows: TMeasured[] = [];
    for (const actor of actors) {
      for (const sc of SCENARIOS) {
        const get = getter(app, sc.url, actor.token);
        const m = await measureScenario({
          name: sc.name,
          get: () => get(sc.query),
          totalOf: () => '',
          pool: db.pool,
          institutionId: db.instA,
          table: sc.table,
          warmup: WARMUP,
          iter: ITER,
        });
        rows.push({ who: actor.who, scenario: sc.name, ...m });
        log(`${actor.who} | ${sc.name}: app p50 ${f(pct(m.http, 50))} ms, SQL p50 ${f(pct(m.direct, 50))} ms`);
      }
    }
    const memAfter = memory();
    const out: string[] = [];
    out.push(`## API overhead benchmark (${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC)`, '');
    out.push(
      `- measured: through app.inject (routing, JWT + session check, tenant, zod, handler SQL, JSON, the production logger at LOG_LEVEL=${process.env.LOG_LEVEL ?? 'info'} into a discarded stream, NODE_ENV=${process.env.NODE_ENV ?? 'unset'}), alternating with the handler's own SQL replayed in a tenant transaction; ${ITER} runs after ${WARMUP} warm-up`,
    );
    out.push('');
    out.push(...resultTable(rows));
    out.push('');
    out.push(...(await machineLines(db, memBefore, memAfter)));
    console.log(out.join('\n'));
    await app.close();
  } finally {
    await db.finish();
  }
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});

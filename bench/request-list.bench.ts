/**
 * Benchmark of the staff request list (docs/product/requests.md#request-lists): 100 000 requests in one
 * institution (the other demo institution keeps its few), the list measured through the real app
 * (app.inject) and, alternating with it, the same SQL replayed directly.
 * Run: `npm run bench:requests` (DATABASE_URL's server if set, else the embedded PostgreSQL).
 * Env: BENCH_ITERATIONS (300), BENCH_WARMUP (20), BENCH_REQUESTS (100000), BENCH_PLANS=all, BENCH_KEEP=1.
 * A script, not a test: figures depend on the machine, so nothing here asserts a time.
 */
import { performance } from 'node:perf_hooks';
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
  planLines,
  resultTable,
  seedWith,
  type TMeasured,
} from './harness.js';
import { SCHOLAR_PROGRAM_TYPES } from '@meridian/domain';
import { linkStudentRequests, seedRequests, seedStudents } from './seed-requests.js';

const ITER = Number(process.env.BENCH_ITERATIONS ?? 300);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 20);
const TOTAL = Number(process.env.BENCH_REQUESTS ?? 100_000);

interface TScenario {
  name: string;
  query: Record<string, string | number>;
}
/** What staff do on the list: the work queue, a name search inside it, deep pages, a number look-up. */
const SCENARIOS: TScenario[] = [
  {
    name: 'open queue, updated desc, p1',
    query: { status: 'submitted,in_review,clarification_requested', sort: 'updatedAt', order: 'desc', pageSize: 25 },
  },
  {
    name: 'open + "garcia", requester asc, p1',
    query: { status: 'submitted,in_review,clarification_requested', q: 'garcia', sort: 'requester', order: 'asc', pageSize: 25 },
  },
  {
    name: 'completed + "chen", submitted desc, p1',
    query: { status: 'completed', q: 'chen', sort: 'submittedAt', order: 'desc', pageSize: 25 },
  },
  {
    name: 'completed + "chen", submitted desc, last page',
    query: { status: 'completed', q: 'chen', sort: 'submittedAt', order: 'desc', pageSize: 25, page: 'last' },
  },
  {
    name: 'completed + "chen", submitted desc, last page by next',
    query: { status: 'completed', q: 'chen', sort: 'submittedAt', order: 'desc', pageSize: 25, page: 'last', after: 'cursor' },
  },
  {
    name: 'completed, submitted desc, page 400 (a link)',
    query: { status: 'completed', sort: 'submittedAt', order: 'desc', pageSize: 25, page: 400 },
  },
  {
    name: 'completed, submitted desc, page 400 by next',
    query: { status: 'completed', sort: 'submittedAt', order: 'desc', pageSize: 25, page: 400, after: 'cursor' },
  },
  {
    name: 'open queue, requester asc, page 200 by next',
    query: {
      status: 'submitted,in_review,clarification_requested',
      sort: 'requester',
      order: 'asc',
      pageSize: 25,
      page: 200,
      after: 'cursor',
    },
  },
  { name: 'all, "#41234" (number)', query: { q: '#41234', sort: 'updatedAt', order: 'desc', pageSize: 25 } },
  // Each area's own list (the Student Request List, the scholar area's Requests).
  {
    name: 'student area, open queue, updated desc, p1',
    query: { area: 'student', status: 'submitted,in_review,clarification_requested', sort: 'updatedAt', order: 'desc', pageSize: 25 },
  },
  {
    name: 'student area + "garcia", requester asc, p1',
    query: {
      area: 'student',
      status: 'submitted,in_review,clarification_requested',
      q: 'garcia',
      sort: 'requester',
      order: 'asc',
      pageSize: 25,
    },
  },
  {
    name: 'scholar area, open queue, updated desc, p1',
    query: { area: 'scholar', status: 'submitted,in_review,clarification_requested', sort: 'updatedAt', order: 'desc', pageSize: 25 },
  },
  { name: 'scholar area, all, updated desc, p1', query: { area: 'scholar', sort: 'updatedAt', order: 'desc', pageSize: 25 } },
];

async function main() {
  const db = await openBenchDatabase();
  try {
    const t0 = performance.now();
    const students = Math.round(TOTAL / 20);
    await seedWith(db.pool, async (c) => {
      await seedStudents(c, db.instA, students, 'stu-a-');
      await seedRequests(c, db.instA, TOTAL);
      await linkStudentRequests(c, db.instA, Object.values(SCHOLAR_PROGRAM_TYPES));
    });
    const seeded = (await db.pool.query<{ n: string }>('select count(*) n from requests where institution_id = $1', [db.instA])).rows[0]!.n;
    log(`migrated and seeded ${seeded} requests in Demo University in ${f((performance.now() - t0) / 1000)} s`);

    const { app, login } = await benchApp(db.database);
    const actors = [
      { who: 'admin (super user)', token: await login('admin') },
      { who: 'officer (Main Campus)', token: await login('officer') },
    ];
    const memBefore = memory();

    const rows: TMeasured[] = [];
    for (const actor of actors) {
      for (const sc of SCENARIOS) {
        const get = getter(app, '/api/requests', actor.token);
        const query = { ...sc.query };
        if (query.page === 'last') {
          const first = (await get({ ...query, after: '', page: 1 })).json<{ total: number }>();
          query.page = Math.max(1, Math.ceil(first.total / Number(query.pageSize)));
        }
        if (query.after === 'cursor') {
          // Reached as a reader does, by "next" from the page before (that page opened once by its number).
          const before = (await get({ ...query, after: '', page: Number(query.page) - 1 })).json<{ next: string | null }>();
          query.after = before.next ?? '';
        }
        const m = await measureScenario({
          name: sc.name,
          get: () => get(query),
          totalOf: (res) => res.json<{ total: number }>().total,
          pool: db.pool,
          institutionId: db.instA,
          table: '"requests"',
          warmup: WARMUP,
          iter: ITER,
        });
        rows.push({ who: actor.who, scenario: sc.name, ...m });
        log(
          `${actor.who} | ${sc.name}: p50 ${f(pct(m.http, 50))} ms, p95 ${f(pct(m.http, 95))} ms (direct p50 ${f(pct(m.direct, 50))} ms)`,
        );
      }
    }
    const memAfter = memory();

    const out: string[] = [];
    out.push(`## Request list benchmark (${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC)`, '');
    out.push(
      `- data: ${seeded} requests in Demo University (the one measured), ${students} students, 25 request types, 2 campus sites; VACUUM ANALYZEd`,
    );
    out.push(
      `- measured: GET /api/requests through app.inject (routing, JWT + session check, tenant, zod, SQL, presenter, JSON), ${ITER} runs after ${WARMUP} warm-up, one at a time, as users of Demo University, each run alternating with one replay of its SQL`,
    );
    out.push(
      '- direct SQL: the statements the list issued (captured from pg during one request: the campus-site lookup for officers, the count and the page query), replayed on one connection inside the same kind of transaction (`set local role meridian_app`, tenant set); load is the 1-minute load average when the scenario ended',
    );
    out.push('');
    out.push(...resultTable(rows));
    out.push('');
    out.push(...(await machineLines(db, memBefore, memAfter)));
    out.push(...(await planLines(db, rows, '"requests"')));
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

/**
 * Benchmark of the Student List (docs/product/students-list.md): 100 000 student records in ONE institution
 * (Demo University, the one listed) and a smaller second one beside it, three list titles each with a keyword
 * and a sort (plus a first page without keyword and the title counts), measured through the real app
 * (app.inject) and, beside it, the same SQL replayed directly.
 * Run: `npm run bench:students` (DATABASE_URL's server if set, else the embedded PostgreSQL).
 * Env: BENCH_ITERATIONS (100), BENCH_WARMUP (20), BENCH_STUDENTS (100000, Demo University),
 * BENCH_OTHER_STUDENTS (10000, Other College), BENCH_PLANS=all, BENCH_KEEP=1.
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
import { seedStudentActivity, seedStudentProfiles } from './seed-students.js';

const ITER = Number(process.env.BENCH_ITERATIONS ?? 100);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 20);
const TOTAL = Number(process.env.BENCH_STUDENTS ?? 100_000);
const OTHER = Number(process.env.BENCH_OTHER_STUDENTS ?? 10_000);

interface TScenario {
  name: string;
  url: string;
  query: Record<string, string | number>;
  /** The table whose statements are replayed as the SQL column (default: the student records). */
  table?: string;
  /** Load the title counts once first, as the page does beside the list (they are then current). */
  prime?: boolean;
  /** Mark a write before each request (a student record changed): the counts are recounted first. */
  afterWrite?: boolean;
}
/** Three list titles (docs/product/students-list.md#list-titles), each with a keyword and a sort; then a plain first page and the counts. */
const SCENARIOS: TScenario[] = [
  {
    name: 'active + "garcia", name asc',
    url: '/api/students',
    query: { title: 'active', q: 'garcia', sort: 'name', order: 'asc', pageSize: 25 },
  },
  {
    name: 'all + "chen", updated desc',
    url: '/api/students',
    query: { title: 'all', q: 'chen', sort: 'updatedAt', order: 'desc', pageSize: 25 },
  },
  {
    name: 'terminated-18-months + "kumar", program end desc',
    url: '/api/students',
    query: { title: 'terminated-18-months', q: 'kumar', sort: 'programEndDate', order: 'desc', pageSize: 25 },
  },
  {
    name: 'active, name asc, p1 (no keyword)',
    url: '/api/students',
    query: { title: 'active', sort: 'name', order: 'asc', pageSize: 25 },
    prime: true,
  },
  // The counts as stored (current, under a minute old): what almost every load of the page gets.
  { name: 'list titles with counts', url: '/api/students/list-titles', query: {}, table: '"student_title_counts"', prime: true },
  // A student record was written since: the counts are recounted before answering (SQL: the recount alone).
  { name: 'list titles, recount after a write', url: '/api/students/list-titles', query: {}, afterWrite: true },
];

async function main() {
  const db = await openBenchDatabase();
  try {
    const t0 = performance.now();
    const nA = TOTAL;
    const nB = OTHER;
    await seedWith(db.pool, async (c) => {
      await seedStudentProfiles(c, db.instA, nA, 0);
      await seedStudentProfiles(c, db.instB, nB, nA);
      await seedStudentActivity(c, db.instA);
      await seedStudentActivity(c, db.instB);
    });
    const seeded = (await db.pool.query<{ n: string }>('select count(*) n from student_profiles')).rows[0]!.n;
    const employments = (await db.pool.query<{ n: string }>('select count(*) n from student_employments')).rows[0]!.n;
    log(
      `migrated and seeded ${seeded} student records (${nA} / ${nB}), ${employments} employments, in ${f((performance.now() - t0) / 1000)} s`,
    );

    const { app, login } = await benchApp(db.database);
    const actors = [
      { who: 'admin (super user)', token: await login('admin') },
      { who: 'officer (Main Campus)', token: await login('officer') },
    ];
    const memBefore = memory();

    const rows: TMeasured[] = [];
    for (const actor of actors) {
      for (const sc of SCENARIOS) {
        const get = getter(app, sc.url, actor.token);
        if (sc.prime) await getter(app, '/api/students/list-titles', actor.token)({});
        // The list answers a page with its total; list-titles answers the titles (their count is shown).
        const m = await measureScenario({
          name: sc.name,
          get: () => get(sc.query),
          pool: db.pool,
          institutionId: db.instA,
          table: sc.table ?? '"student_profiles"',
          warmup: WARMUP,
          iter: ITER,
          totalOf: (res) => {
            const body = res.json<{ total: number } | { titles: unknown[] }>();
            return 'titles' in body ? `${body.titles.length} titles` : body.total;
          },
          ...(sc.afterWrite
            ? { before: () => db.pool.query('insert into student_title_count_changes (institution_id) values ($1)', [db.instA]) }
            : {}),
        });
        rows.push({ who: actor.who, scenario: sc.name, ...m });
        log(
          `${actor.who} | ${sc.name}: p50 ${f(pct(m.http, 50))} ms, p95 ${f(pct(m.http, 95))} ms (direct p50 ${f(pct(m.direct, 50))} ms)`,
        );
      }
    }
    const memAfter = memory();

    const out: string[] = [];
    out.push(`## Student list benchmark (${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC)`, '');
    out.push(
      `- data: ${seeded} student records (${nA} in Demo University, the one listed; ${nB} in Other College), ${employments} employments, 1 % with a pending correction, 2 campus sites; VACUUM ANALYZEd`,
    );
    out.push(
      `- measured: GET /api/students (and /api/students/list-titles) through app.inject (routing, JWT + session check, tenant, zod, SQL, presenter, JSON), ${ITER} runs after ${WARMUP} warm-up, one at a time, as users of Demo University`,
    );
    out.push(
      "- direct SQL: the statements the list issued (captured from pg during one request: its last transaction that reads the scenario's table: the stored counts and the page query, the stored counts alone, or the recount), replayed on one connection inside the same kind of transaction (`set local role meridian_app`, tenant set), same number of runs",
    );
    out.push(
      '- title counts (docs/decisions/025): "list titles with counts" reads the stored counts (loaded once just before, so current); "recount after a write" marks a write before each request, so every answer recounts first (its SQL column is the recount transaction alone); the plain first page is measured right after loading the counts, as the page does',
    );
    out.push('');
    out.push(...resultTable(rows));
    out.push('');
    out.push(...(await machineLines(db, memBefore, memAfter)));
    out.push(...(await planLines(db, rows, '"student_profiles"')));
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

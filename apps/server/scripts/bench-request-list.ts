/**
 * Benchmark of the staff request list (not a timed test): seeds 100 000 requests across two
 * institutions into a fresh database, then reports p50/p95 latency of GET /api/requests with a
 * status filter, a keyword and a sort, beside the same SQL run directly.
 *
 *   createdb -h 127.0.0.1 -U postgres meridian_bench
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/meridian_bench npx tsx apps/server/scripts/bench-request-list.ts
 */
import { performance } from 'node:perf_hooks';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/platform/config/config.js';
import { migrateDatabase, openDatabase } from '../src/platform/db/database.js';
import { seedDemo } from '../src/seed/demo.js';

const URL = process.env.DATABASE_URL;
if (!URL) throw new Error('DATABASE_URL (an empty database) is required');
const TOTAL = Number(process.env.BENCH_REQUESTS ?? 100_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 60);

const db = openDatabase(URL, { max: 5 });
await migrateDatabase(db);
const q = async (text: string, values: unknown[] = []) => (await db.pool.query(text, values)).rows;
if ((await q('select count(*)::int n from institutions'))[0].n > 0) throw new Error('use an empty database');
const instA = (await seedDemo(db, { publicBaseUrl: 'http://a.bench', hosts: ['a.bench'] }))!;
const instB = (await seedDemo(db, { publicBaseUrl: 'http://b.bench', hosts: ['b.bench'], name: 'Other College', force: true }))!;

const LAST = ['Smith', 'Garcia', 'Nguyen', 'Patel', 'Kim', 'Chen', 'Müller', 'Okafor', 'Rossi', 'Silva', 'Haddad', 'Ivanova'];
const t0 = performance.now();
for (const inst of [instA, instB]) {
  // 2 000 students per institution, spread over both campus sites.
  await q(`insert into users (institution_id, user_name, email, first_name, last_name, role, campus_site_id)
    select $1, 'stu' || g, 'stu' || g || '@bench.example.edu', 'Student' || g, ($2::text[])[1 + g % array_length($2::text[], 1)], 'ISSSstudent',
           (select id from campus_sites where institution_id = $1 order by id offset (g % 2) limit 1)
    from generate_series(1, 2000) g`, [inst, LAST]);
  await q(`insert into requests (institution_id, number, request_type_id, requester_user_id, subject_user_id, campus_site_id, status, review_status, submitted_at, updated_at)
    select $1, 1000 + g, t.id, u.id, u.id, u.campus_site_id,
           (array['draft','submitted','in_review','clarification_requested','adv_review','approved','awaiting_adjudication','completed','dismissed','rejected'])[1 + g % 10],
           g % 5, now() - (g % 700) * interval '1 day', now() - (g % 900) * interval '1 hour'
    from generate_series(1, $2::int) g
    join lateral (select id from request_types where institution_id = $1 order by code offset (g % 20) limit 1) t on true
    join lateral (select id, campus_site_id from users where institution_id = $1 and role = 'ISSSstudent' order by user_name offset (g % 2000) limit 1) u on true`,
    [inst, TOTAL / 2]);
}
await q('analyze');
console.log(`seeded ${TOTAL} requests in ${((performance.now() - t0) / 1000).toFixed(1)} s`);

const { app } = await buildApp({ ...loadConfig({}), publicBaseUrl: 'http://a.bench' }, db, { logger: false, serveWeb: false });
const login = await app.inject({ method: 'POST', url: '/api/auth/login', headers: { host: 'a.bench' }, payload: { userName: 'officer', password: 'Meridian-demo-1' } });
const token = login.json().accessToken as string;
const query = 'status=submitted,in_review&q=smith&sort=submittedAt&order=desc&page=1&pageSize=25';

const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))]!;
const api: number[] = [];
let total = 0;
for (let i = 0; i < RUNS + 5; i++) {
  const s = performance.now();
  const res = await app.inject({ method: 'GET', url: `/api/requests?${query}`, headers: { host: 'a.bench', authorization: `Bearer ${token}` } });
  if (res.statusCode !== 200) throw new Error(res.body);
  total = res.json().total;
  if (i >= 5) api.push(performance.now() - s);
}

// The same SQL as list-requests.query.ts builds for the Main Campus officer, run directly (count + page).
const [main] = await q(`select id from campus_sites where institution_id = $1 and code = 'MAIN'`, [instA]);
const where = `r.institution_id = $1 and (r.campus_site_id = any($2) or r.campus_site_id is null) and r.status = any($3)
  and (u.email ilike $4 or (u.first_name || ' ' || u.last_name) ilike $4 or (u.last_name || ', ' || u.first_name) ilike $4)`;
const args = [instA, [main.id], ['submitted', 'in_review'], '%smith%'];
const direct: number[] = [];
for (let i = 0; i < RUNS + 5; i++) {
  const s = performance.now();
  await q(`select count(*) from requests r join request_types t on t.id = r.request_type_id join users u on u.id = r.requester_user_id where ${where}`, args);
  await q(`select r.*, t.code, t.name, u.first_name, u.last_name, u.email from requests r join request_types t on t.id = r.request_type_id
    join users u on u.id = r.requester_user_id left join users a on a.id = r.assigned_to_user_id where ${where}
    order by r.submitted_at desc nulls last, r.number desc limit 25 offset 0`, args);
  if (i >= 5) direct.push(performance.now() - s);
}
console.log(`matching rows for the officer: ${total}`);
console.log(`API  GET /api/requests?${query}: p50 ${pct(api, 50).toFixed(1)} ms, p95 ${pct(api, 95).toFixed(1)} ms (${RUNS} runs)`);
console.log(`SQL  count + page directly:        p50 ${pct(direct, 50).toFixed(1)} ms, p95 ${pct(direct, 95).toFixed(1)} ms`);
await app.close();
await db.close();

/**
 * Benchmark of the active-student import (docs/product/active-student-import.md): one institution with
 * BENCH_STUDENTS (50 000) student records, each with last term's enrolment, and a SIS feed of as many rows
 * with a realistic share of changes (about 15 % of the rows: credits and enrolment status, e-mail, names,
 * majors, education levels, expected completion dates), 1 % of the records missing from the feed and as
 * many rows Meridian does not have, 10 % of the rows matched by campus ID alone. Through the real app
 * (app.inject, its job runner in this process): the CSV uploaded and compared (the job followed to its end),
 * the first page of changes and a filtered page opened, the changes applied (chunked, with the SEVIS updates
 * a staff edit raises), the apply asked again (nothing to do), and the same rows pushed as JSON and compared.
 * Each step's wall time and the process's peak RSS (sampled every 20 ms) are printed as a table.
 *
 * Run: `npm run bench:sis-import` (DATABASE_URL's server if set, else the embedded PostgreSQL under data/bench).
 * Env: BENCH_STUDENTS (50000), BENCH_KEEP=1. A script, not a test: nothing here asserts a time.
 */
import { randomUUID } from 'node:crypto';
import type { jobsApi } from '@meridian/domain';
import { benchApp, capture, f, log, machineLines, mb, memory, openBenchDatabase, seedWith, withPeak } from './harness.js';
import { seedStudentProfiles } from './seed-students.js';

const STUDENTS = Number(process.env.BENCH_STUDENTS ?? 50_000);
const HOST = 'demo.test';
const COLUMNS = [
  'sevis_id',
  'campus_id',
  'last_name',
  'first_name',
  'email',
  'campus_site',
  'major',
  'education_level',
  'enrollment_status',
  'credits',
  'expected_completion_date',
] as const;
type TFeedRow = Record<(typeof COLUMNS)[number], string>;
type TRecord = {
  sevis_id: string;
  campus_id: string;
  last_name: string;
  first_name: string;
  email: string;
  site: string | null;
  major1_cd: string;
  education_level: string;
  end_date: string | null;
};
const MAJORS = ['11.0701', '14.0901', '52.0201', '26.0101', '27.0101'];
const us = (iso: string) => `${iso.slice(5, 7)}/${iso.slice(8, 10)}/${iso.slice(0, 4)}`;
const addMonths = (iso: string, months: number) => {
  const [y, m, d] = iso.split('-').map(Number) as [number, number, number];
  const total = y * 12 + (m - 1) + months;
  return `${Math.floor(total / 12)}-${String((total % 12) + 1).padStart(2, '0')}-${String(Math.min(d, 28)).padStart(2, '0')}`;
};

/** A deterministic draw in [0, 1) per record and purpose, so every run makes the same feed. */
const draw = (i: number, salt: number) => {
  const x = Math.sin(i * 12.9898 + salt * 78.233) * 43758.5453;
  return x - Math.floor(x);
};

/**
 * The feed: every record's row but 1 % (absent from the feed), with about 15 % of rows changing something,
 * plus as many rows of students Meridian lacks; every tenth row gives the campus ID alone.
 */
function makeFeed(records: TRecord[]): { rows: TFeedRow[]; changed: number } {
  const rows: TFeedRow[] = [];
  let changed = 0;
  records.forEach((r, i) => {
    if (draw(i, 1) < 0.01) return;
    const row: TFeedRow = {
      sevis_id: draw(i, 2) < 0.1 ? '' : r.sevis_id,
      campus_id: r.campus_id,
      last_name: r.last_name,
      first_name: r.first_name,
      email: r.email,
      campus_site: r.site ?? '',
      major: r.major1_cd,
      education_level: r.education_level,
      enrollment_status: 'Full-time',
      credits: '12',
      expected_completion_date: r.end_date ? us(r.end_date) : '',
    };
    const c = draw(i, 3);
    // About 15 % of rows change: mostly enrolment (credits, status), then the record's own fields.
    if (c < 0.05) row.credits = String(6 + Math.floor(draw(i, 4) * 12));
    else if (c < 0.07) row.enrollment_status = 'Part-time';
    else if (c < 0.1) row.email = `new.${r.email}`;
    else if (c < 0.11) row.last_name = `${r.last_name} Newname`;
    else if (c < 0.125) row.major = MAJORS[(MAJORS.indexOf(r.major1_cd) + 1) % MAJORS.length]!;
    else if (c < 0.13) row.education_level = r.education_level === '06' ? '05' : '06';
    else if (c < 0.15 && r.end_date) row.expected_completion_date = us(addMonths(r.end_date, 6));
    if (c < 0.15) changed += 1;
    rows.push(row);
  });
  const missing = rows.length < records.length ? records.length - rows.length : 0;
  for (let k = 0; k < missing; k += 1)
    rows.push({
      sevis_id: `N${String(8_000_000_000 + k).padStart(10, '0')}`,
      campus_id: `NEW${k}`,
      last_name: 'Newstudent',
      first_name: `Given${k}`,
      email: `new${k}@students.example.edu`,
      campus_site: 'MAIN',
      major: '11.0701',
      education_level: '05',
      enrollment_status: 'Full-time',
      credits: '12',
      expected_completion_date: '05/15/2029',
    });
  return { rows, changed };
}

const csvOf = (rows: TFeedRow[]) =>
  Buffer.from(`${[COLUMNS.join(','), ...rows.map((r) => COLUMNS.map((k) => r[k]).join(','))].join('\r\n')}\r\n`);
const jsonOf = (rows: TFeedRow[]) =>
  rows.map((r) => ({
    sevisId: r.sevis_id || null,
    campusId: r.campus_id,
    lastName: r.last_name,
    firstName: r.first_name,
    email: r.email,
    campusSite: r.campus_site || null,
    major: r.major || null,
    educationLevel: r.education_level || null,
    enrollmentStatus: r.enrollment_status,
    credits: Number(r.credits),
    expectedCompletionDate: r.expected_completion_date || null,
  }));

function multipart(name: string, data: Buffer) {
  const boundary = `----bench${randomUUID().replace(/-/g, '')}`;
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: text/csv\r\n\r\n`),
    data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, contentType: `multipart/form-data; boundary=${boundary}` };
}

async function main() {
  const db = await openBenchDatabase();
  try {
    await seedWith(db.pool, async (c) => {
      await seedStudentProfiles(c, db.instA, STUDENTS, 0);
      // Records a staff edit would save: an exchange visitor's category, a program that ends after it starts.
      await c.query(`update student_profiles set ev_category_cd = '1A' where institution_id = $1 and visa_type = 'J-1'`, [db.instA]);
      await c.query(
        `update student_profiles set program_end_date = program_start_date + 730 where institution_id = $1 and program_end_date < program_start_date`,
        [db.instA],
      );
      // Last term's enrolment, as a previous import left it.
      await c.query(
        `insert into student_enrollments (profile_id, institution_id, status, credits)
         select id, institution_id, 'full_time', 12 from student_profiles where institution_id = $1`,
        [db.instA],
      );
    });
    const records = (
      await db.pool.query<TRecord>(
        `select p.sevis_id, p.campus_id, p.last_name, p.first_name, p.email, s.code as site, p.major1_cd, p.education_level,
                to_char(p.program_end_date, 'YYYY-MM-DD') as end_date
           from student_profiles p left join campus_sites s on s.id = p.campus_site_id
          where p.institution_id = $1 and p.sevis_id like 'N%' and p.campus_id like 'S%' order by p.sevis_id`,
        [db.instA],
      )
    ).rows;
    const feed = makeFeed(records);
    log(`seeded ${records.length} records; feed of ${feed.rows.length} rows, ${feed.changed} of them changing something`);
    const { app, login } = await benchApp(db.database, { jobs: true });
    const token = await login('admin');
    const headers = { host: HOST, authorization: `Bearer ${token}` };
    const follow = async (res: { statusCode: number; headers: Record<string, unknown>; body: string }) => {
      if (res.statusCode !== 202) throw new Error(`expected a job: ${res.statusCode} ${res.body.slice(0, 300)}`);
      const location = String(res.headers.location);
      for (;;) {
        const job = (await app.inject({ method: 'GET', url: location, headers })).json<jobsApi.TJob>();
        if (job.status === 'completed') return job.result as Record<string, unknown>;
        if (job.status === 'failed') throw new Error(`job failed: ${JSON.stringify(job.error).slice(0, 500)}`);
        await new Promise((r) => setTimeout(r, 200));
      }
    };

    const out: string[] = ['| step | seconds | peak RSS | peak heap |', '| --- | ---: | ---: | ---: |'];
    const memBefore = memory();
    const step = async <T>(name: string, fn: () => Promise<T>): Promise<T> => {
      global.gc?.();
      const r = await withPeak(fn);
      out.push(`| ${name} | ${f(r.ms / 1000)} | ${mb(r.peakRss)} | ${mb(r.peakHeap)} |`);
      log(`${name}: ${f(r.ms / 1000)} s, peak RSS ${mb(r.peakRss)}`);
      return r.result;
    };

    const csv = csvOf(feed.rows);
    const compared = await step(
      `upload and compare the CSV feed, ${feed.rows.length.toLocaleString('en-US')} rows (${mb(csv.length)})`,
      async () => {
        const { payload, contentType } = multipart('sis-feed.csv', csv);
        return follow(
          await app.inject({
            method: 'POST',
            url: '/api/active-student-imports',
            payload,
            headers: { ...headers, 'content-type': contentType },
          }),
        );
      },
    );
    const id = String(compared.id);
    log(`counts: ${JSON.stringify(compared.counts)}`);
    await step('open the first page of changes (25 rows)', async () => {
      const res = await app.inject({ method: 'GET', url: `/api/active-student-imports/${id}/rows?class=changed&pageSize=25`, headers });
      if (res.statusCode !== 200) throw new Error(`rows: ${res.statusCode}`);
    });
    await step('a page filtered by field and search', async () => {
      const res = await app.inject({
        method: 'GET',
        url: `/api/active-student-imports/${id}/rows?class=changed&field=expectedCompletionDate&q=garcia&pageSize=25`,
        headers,
      });
      if (res.statusCode !== 200) throw new Error(`rows: ${res.statusCode}`);
    });
    // The statements the apply sends (the job's, and the job runner's own few), per row: a figure another machine's load does not change.
    let statements = 0;
    const applied = await step(
      `apply ${Number((compared.counts as Record<string, number>).changed).toLocaleString('en-US')} changed rows`,
      async () => {
        const c = await capture(async () =>
          follow(await app.inject({ method: 'POST', url: `/api/active-student-imports/${id}/apply`, headers })),
        );
        statements = c.statements.length;
        return c.result;
      },
    );
    log(`applied: ${JSON.stringify({ ...applied, import: undefined })}`);
    const again = await step('apply again (nothing left: a no-op)', async () =>
      follow(await app.inject({ method: 'POST', url: `/api/active-student-imports/${id}/apply`, headers })),
    );
    if (again.applied !== 0) throw new Error(`the second apply applied ${String(again.applied)} rows`);
    const body = JSON.stringify({ rows: jsonOf(feed.rows) });
    const pushed = await step(`push the same rows as JSON and compare (${mb(body.length)})`, async () =>
      follow(
        await app.inject({
          method: 'POST',
          url: '/api/integrations/active-students',
          payload: body,
          headers: { ...headers, 'content-type': 'application/json' },
        }),
      ),
    );
    log(`after applying, the same feed compares as: ${JSON.stringify(pushed.counts)}`);
    const memAfter = memory();
    const [events] = (
      await db.pool.query<{ n: string }>(
        "select count(*) as n from sevis_pending_events where institution_id = $1 and status = 'pending'",
        [db.instA],
      )
    ).rows;
    const maxRss = process.resourceUsage().maxRSS * 1024;
    await app.close();
    console.log(
      [
        `## Active-student import: ${STUDENTS.toLocaleString('en-US')} records, a feed of ${feed.rows.length.toLocaleString('en-US')} rows`,
        '',
        ...out,
        '',
        `- compared: ${JSON.stringify(compared.counts)}`,
        `- applied: ${String(applied.applied)} rows, ${String(applied.skipped)} skipped, ${String(applied.failed)} failed, ${String(applied.sevisUpdates)} SEVIS updates queued (${events?.n ?? '?'} pending in all); ${statements.toLocaleString('en-US')} statements, ${f(statements / Math.max(1, Number(applied.applied)))} per row`,
        `- the same feed once applied: ${JSON.stringify(pushed.counts)}`,
        `- process maxRSS ${mb(maxRss)} (the app, its job runner and the benchmark's own copies of the feed)`,
        ...(await machineLines(db, memBefore, memAfter)),
      ].join('\n'),
    );
  } finally {
    await db.finish();
  }
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});

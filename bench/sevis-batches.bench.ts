/**
 * Benchmark of SEVIS batch building through the real endpoint (docs/product/sevis-batches.md#building-batches):
 * 10 000 pending events on as many F-1 records of Main Campus (a mix of every student event type, with
 * dependents and employments), all of which SEVIS would take. `POST /api/sevis/batches` for the school
 * code answers 202 with a job; the figure is the wall time from that POST until `GET /api/jobs/:id` says
 * completed, with the events batched, the batches and the process's peak RSS (app, job runner and
 * xmllint-wasm all live in this process). Every seeded event must end up in a batch (0 held).
 * Then, cheaply, the XML library alone on the same events: loadBatchInputs, one buildValidatedBatches call,
 * and the same with 1 % of the records broken (bad SEVIS ids, a second validation round).
 * Run: `npm run bench:sevis` (DATABASE_URL's server if set, else the embedded PostgreSQL).
 * Env: BENCH_EVENTS (10000). A script, not a test: nothing here asserts a time.
 */
import { performance } from 'node:perf_hooks';
import os from 'node:os';
import type { jobsApi, sevisApi } from '@meridian/domain';
import { buildValidatedBatches, loadBatchInputs, type TBatchRecordInput } from '../apps/server/src/modules/sevis/xml/index.js';
import { DEMO_SCHOOL_CODE } from '../apps/server/src/seed/sevis.js';
import { benchApp, f, log, machineLines, mb, memory, openBenchDatabase, seedWith, withPeak } from './harness.js';

const TOTAL = Number(process.env.BENCH_EVENTS ?? 10_000);
const PER_BATCH = 250;
const ORG = DEMO_SCHOOL_CODE;
const SENDER = 'jdoe123456';
const ISSUED_ON = '2026-11-02';

/** Every 20th record is new (Create, with a spouse); the rest have a SEVIS id and one update each. */
const EVENT_OF = `case g % 20
  when 0 then 'Create' when 1 then 'Registration' when 2 then 'Registration' when 3 then 'Registration' when 4 then 'Registration'
  when 5 then 'Registration' when 6 then 'Registration' when 7 then 'PersonalInfo' when 8 then 'PersonalInfo' when 9 then 'CPTEmployment'
  when 10 then 'CPTEmployment' when 11 then 'OPTEmployment' when 12 then 'Program' when 13 then 'FinancialInfo' when 14 then 'EducationLevel'
  when 15 then 'PersonalInfo' when 16 then 'AuthDropBelowFC' when 17 then 'Dependent' when 18 then 'OPTEmployer' else 'Program' end`;
const ACTION_OF = `case g % 20
  when 0 then 'Create' when 7 then 'Address' when 8 then 'Address' when 9 then 'Add' when 10 then 'Add' when 11 then 'Request' when 12 then 'Extension'
  when 13 then 'Edit' when 14 then 'Edit' when 15 then 'Edit' when 16 then 'Add' when 17 then 'Edit' when 18 then 'Add' when 19 then 'Amend' else 'Register' end`;

async function main() {
  const db = await openBenchDatabase();
  try {
    const t0 = performance.now();
    const site = (
      await db.pool.query<{ id: number }>("select id from campus_sites where institution_id = $1 and code = 'MAIN'", [db.instA])
    ).rows[0]!.id;
    await seedWith(db.pool, async (c) => {
      await c.query(
        `
        insert into student_profiles (institution_id, campus_site_id, campus_id, sevis_id, first_name, middle_name, last_name, email, gender, birth_date, birth_city,
          birth_country_cd, citizenship_country_cd, permanent_residence_country_cd, visa_type, sevis_status, current_stage, education_level, major1_cd,
          program_start_date, program_end_date, document_issue_date, session_start_date, session_end_date, us_address, foreign_address, phone, financials, academic_term_months)
        select $1, $2, 'B' || g, case when g % 20 = 0 then null else 'N' || lpad((8000000000 + g)::text, 10, '0') end,
          (array['Priya','Wei','Lukas','Amara','Mateo','Yuki','Omar','Sofia'])[1 + g % 8], case when g % 3 = 0 then 'Ann' else '' end,
          (array['Raman','Zhang','Schneider','Okafor','Garcia','Nakamura','Haddad','Rossi','Nguyen','Kim'])[1 + (g / 8) % 10],
          'bench' || g || '@example.edu', (array['F','M','X'])[1 + g % 3], date '1996-01-01' + (g % 2500), 'Pune',
          (array['IN','CN','NG','KR','BR','DE','JP','VN'])[1 + g % 8], (array['IN','CN','NG','KR','BR','DE','JP','VN'])[1 + g % 8], (array['IN','CN','NG','KR','BR','DE','JP','VN'])[1 + g % 8],
          'F-1', case when g % 20 = 0 then 'Initial' else 'Active' end, 'continuing', (array['03','04','05','06'])[1 + g % 4],
          (array['11.0701','14.0901','26.0102','52.0201','27.0501','40.0801'])[1 + g % 6], '2025-08-25', '2027-05-15', '2025-04-02', '2026-08-24', '2026-12-18',
          jsonb_build_object('line1', (100 + g % 900) || ' Commonwealth Ave', 'line2', 'Apt ' || (1 + g % 40), 'city', 'Boston', 'state', 'MA', 'postalCode', '02215'),
          jsonb_build_object('line1', (1 + g % 200) || ' Station Road', 'city', 'Pune', 'postalCode', '411001', 'countryCode', (array['IN','CN','NG','KR','BR','DE','JP','VN'])[1 + g % 8]),
          '617555' || lpad((g % 10000)::text, 4, '0'),
          jsonb_build_object('tuition', 58240, 'living', 21500, 'personalFunds', 50000, 'schoolFunds', 29740, 'schoolFundsRemarks', 'Graduate assistantship', 'academicTermMonths', 9),
          9
        from generate_series(1, $3::int) g`,
        [db.instA, site, TOTAL],
      );
      // A spouse for new records (sent inside their Create) and for the Dependent/Edit events.
      await c.query(
        `
        insert into student_dependents (institution_id, profile_id, sevis_id, first_name, last_name, relationship_to_principal_cd, gender, date_of_birth, birth_city,
          birth_country_cd, country_of_citizenship_cd, country_of_permanent_residence_cd)
        select p.institution_id, p.id, case when p.sevis_id is null then null else 'N' || lpad((9000000000 + substr(p.campus_id, 2)::int)::text, 10, '0') end,
          'Sam', p.last_name, '01', 'M', '1995-06-01', 'Pune', p.birth_country_cd, p.citizenship_country_cd, p.permanent_residence_country_cd
        from student_profiles p where p.institution_id = $1 and p.campus_id like 'B%' and substr(p.campus_id, 2)::int % 20 in (0, 17)`,
        [db.instA],
      );
      // The authorized OPT period of the OPTEmployer events.
      await c.query(
        `
        insert into student_employments (institution_id, profile_id, kind, opt_phase, authorized_start_date, authorized_end_date, employer_name, job_title, start_date,
          full_or_part_time, employer_address, details)
        select p.institution_id, p.id, 'opt', '02', '2027-06-01', '2028-05-31', 'Wayfair', 'Data Analyst', '2027-06-15', '01',
          '{"line1":"4 Copley Place","city":"Boston","state":"MA","postalCode":"02116"}', '{"remarks":"Statistics of my degree applied to customer data"}'
        from student_profiles p where p.institution_id = $1 and p.campus_id like 'B%' and substr(p.campus_id, 2)::int % 20 = 18`,
        [db.instA],
      );
      await c.query(
        `
        insert into sevis_pending_events (institution_id, profile_id, dependent_id, event_type, action, payload)
        select p.institution_id, p.id, d.id, ${EVENT_OF.replace(/\bg\b/g, 'x.g')}, ${ACTION_OF.replace(/\bg\b/g, 'x.g')},
          case x.g % 20
            when 0 then '{"englishRequired":"1","englishRequirementsMet":"1"}'::jsonb
            when 9 then '{"employerName":"Moderna Therapeutics","startDate":"2026-06-01","endDate":"2026-08-21","fullOrPartTime":"01","employerAddress":{"line1":"325 Binney Street","city":"Cambridge","state":"MA","postalCode":"02142"}}'
            when 10 then '{"employerName":"Akamai Technologies","startDate":"2026-09-01","endDate":"2026-12-18","fullOrPartTime":"02","employerAddress":{"line1":"145 Broadway","city":"Cambridge","state":"MA","postalCode":"02142"}}'
            when 11 then '{"optPhase":"02","requestedStartDate":"2027-06-01","requestedEndDate":"2028-05-31","fullOrPartTime":"01"}'
            when 12 then '{"programEndDate":"2027-12-17","reason":"Thesis research needs another term"}'
            when 14 then '{"englishRequired":"0","englishNotRequiredReason":"Completed a U.S. degree"}'
            when 16 then '{"reason":"medical","startDate":"2027-01-19","endDate":"2027-05-14"}'
            else '{"sessionStartDate":"2026-08-24","sessionEndDate":"2026-12-18","isLastSession":false,"nextSessionStartDate":"2027-01-19"}' end
        from student_profiles p cross join lateral (select substr(p.campus_id, 2)::int as g) x
        left join student_dependents d on d.profile_id = p.id and x.g % 20 = 17
        where p.institution_id = $1 and p.campus_id like 'B%'`,
        [db.instA],
      );
    });
    // The bench's own events (the demo seed has a pending one of its own, which the endpoint batches too).
    const ids = (
      await db.pool.query<{ id: string }>(
        `select e.id from sevis_pending_events e join student_profiles p on p.id = e.profile_id
      where e.institution_id = $1 and e.status = 'pending' and p.campus_id like 'B%' order by substr(p.campus_id, 2)::int`,
        [db.instA],
      )
    ).rows.map((r) => r.id);
    log(`seeded ${ids.length} pending events on ${TOTAL} records in ${f((performance.now() - t0) / 1000)} s`);
    const settingsId = (
      await db.pool.query<{ id: string }>(
        "select id from sevis_settings where institution_id = $1 and org_id = $2 and program_kind = 'F'",
        [db.instA, ORG],
      )
    ).rows[0]!.id;

    // The endpoint answers with a job: this app runs its own job runner, as a server does.
    const { app, login } = await benchApp(db.database, { jobs: true });
    try {
      const headers = { host: 'demo.test', authorization: `Bearer ${await login('admin')}` };
      const loadBefore = os
        .loadavg()
        .map((x) => x.toFixed(2))
        .join(' ');
      const memBefore = memory();
      // The endpoint: POST, then follow the job as the Batch Manager does until it ends.
      // CPU time of this process (app, job, xmllint-wasm's worker) says what a busy machine's wall time hides.
      const cpuBefore = process.cpuUsage();
      const endpoint = await withPeak(async () => {
        const started = await app.inject({ method: 'POST', url: '/api/sevis/batches', headers, payload: { settingsId } });
        if (started.statusCode !== 202) throw new Error(`POST /api/sevis/batches: ${started.statusCode} ${started.body}`);
        const location = String(started.headers.location);
        for (;;) {
          const job = (await app.inject({ method: 'GET', url: location, headers })).json<jobsApi.TJob>();
          if (job.status === 'completed') return job.result as sevisApi.TCreateBatchesOutput;
          if (job.status === 'failed') throw new Error(`job failed: ${JSON.stringify(job.error)}`);
          await new Promise((r) => setTimeout(r, 20));
        }
      });
      const cpu = process.cpuUsage(cpuBefore);
      const loadAfter = os
        .loadavg()
        .map((x) => x.toFixed(2))
        .join(' ');
      const out = endpoint.result;
      // Where every seeded event ended: all in a batch, none held (a held one names the SEVIS rule the seed breaks).
      const statuses = (
        await db.pool.query<{ status: string; message: string; n: number }>(
          `select e.status, case when e.status = 'batched' then '' else e.message end as message, count(*)::int as n
          from sevis_pending_events e where e.id = any($1::uuid[]) group by 1, 2 order by n desc`,
          [ids],
        )
      ).rows;
      const seededBatched = statuses.filter((r) => r.status === 'batched').reduce((n, r) => n + r.n, 0);
      const seededHeld = statuses.filter((r) => r.status === 'held').reduce((n, r) => n + r.n, 0);
      for (const r of statuses.filter((x) => x.status !== 'batched').slice(0, 5)) log(`${r.status} ${r.n}: ${r.message.slice(0, 160)}`);
      log(
        `endpoint: ${out.batchedEvents} events in ${out.batches.length} batches, ${out.heldEvents} held, in ${f(endpoint.ms / 1000)} s; seeded events batched ${seededBatched} of ${ids.length}, held ${seededHeld}`,
      );
      if (seededBatched !== ids.length || seededHeld !== 0) process.exitCode = 1;

      // The XML library alone on the same events (cheap: one xmllint run per round).
      const load = await withPeak(() => db.database.tenant(db.instA, (tx) => loadBatchInputs(tx, ids)));
      const chunks = (inputs: TBatchRecordInput[]) =>
        Array.from({ length: Math.ceil(inputs.length / PER_BATCH) }, (_, n) => ({
          kind: 'student' as const,
          orgId: ORG,
          batchId: `BENCH${String(n + 1).padStart(9, '0')}`,
          userId: SENDER,
          today: ISSUED_ON,
          records: inputs.slice(n * PER_BATCH, (n + 1) * PER_BATCH),
        }));
      const together = await withPeak(() => buildValidatedBatches(chunks(load.result)));
      const heldClean = together.result.reduce((n, r) => n + r.held.length, 0);
      // 1 % broken: a bad SEVIS id every 100th update record (each costs its batch a second validation round).
      const broken = load.result.map((r, i) =>
        i % 100 === 50 && r.profile.sevisId ? { ...r, profile: { ...r.profile, sevisId: 'N12345' } } : r,
      );
      const togetherBroken = await withPeak(() => buildValidatedBatches(chunks(broken)));
      const heldBroken = togetherBroken.result.reduce((n, r) => n + r.held.length, 0);
      const bytes = together.result.reduce((n, r) => n + Buffer.byteLength(r.xml), 0);

      const table = [
        `| step | time | peak RSS | peak heap |`,
        `| --- | ---: | ---: | ---: |`,
        `| **POST /api/sevis/batches → job completed**: ${out.batchedEvents} events batched in ${out.batches.length} batches, ${out.heldEvents} held (seeded: ${seededBatched} of ${ids.length} batched, ${seededHeld} held) | **${f(endpoint.ms / 1000)} s** (CPU of this process ${f((cpu.user + cpu.system) / 1e6)} s) | ${mb(endpoint.peakRss)} | ${mb(endpoint.peakHeap)} |`,
        `| loadBatchInputs, ${load.result.length} events (one tenant transaction) | ${f(load.ms / 1000)} s | ${mb(load.peakRss)} | ${mb(load.peakHeap)} |`,
        `| buildValidatedBatches, ${together.result.length} batches of ${PER_BATCH} in one call (${heldClean} held) | ${f(together.ms / 1000)} s | ${mb(together.peakRss)} | ${mb(together.peakHeap)} |`,
        `| the same with 1 % bad SEVIS ids (${heldBroken} held; two rounds) | ${f(togetherBroken.ms / 1000)} s | ${mb(togetherBroken.peakRss)} | ${mb(togetherBroken.peakHeap)} |`,
        '',
        `- ${mb(bytes)} of XML (${f(bytes / together.result.length / 1024)} KB per batch)`,
        `- load average (1, 5, 15 min): ${loadBefore} before the POST, ${loadAfter} when the job completed`,
        ...(await machineLines(db, memBefore, memory())),
      ];
      console.log(table.join('\n'));
    } finally {
      await app.close();
    }
  } finally {
    await db.finish();
  }
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});

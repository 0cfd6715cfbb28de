/**
 * Benchmark of mass e-mail (docs/product/messages.md#email-communications, #merge-tags), each figure beside
 * its baseline in one run:
 *
 * 1. Rendering alone, for BENCH_RECIPIENTS value sets of a realistic template (about 2 KB of HTML, 15 merge
 *    tags): the domain's merge (renderMergeText of the subject, renderMergeHtml of the body), and the whole
 *    per-recipient work of the job that is not SQL (the values formatted, the body filled, cleaned again and
 *    made text, the subject filled, the institution's e-mail frame), against a naive substitution
 *    (`split('{{')`, and a regex replace) with no escaping or checks. Medians over BENCH_ROUNDS rounds.
 * 2. End to end: as many F-1 records with one tag and an e-mail address; `POST /api/messages/mass` as
 *    `admin` for Student List "All Students" with that tag, then `GET /api/messages/mass/:id` every
 *    BENCH_POLL_MS until the send is no longer preparing: wall time from the POST to the job's end (the
 *    send's finishedAt, so the poll's period does not round it; the poll is seldom because each one counts
 *    the send's recipients against the outbox, work that would compete with the job), rows written to
 *    `outbox`, and the process's peak RSS and heap (sampled every 20 ms; app and job runner live in this
 *    process). No SMTP is configured, so the messages are recorded in the outbox, never delivered.
 *    Beside it, the same rows inserted into `outbox` by one `insert ... select` (what the database alone
 *    costs), and the statements one recipient costs (a 100-recipient send captured afterwards).
 *
 * Run: `npm run bench:mail` (DATABASE_URL's server if set, else the embedded PostgreSQL).
 * Env: BENCH_RECIPIENTS (10000, at most MASS_SEND_MAX_RECIPIENTS), BENCH_ROUNDS (7), BENCH_POLL_MS (1000).
 * A script, not a test: nothing here asserts a time.
 */
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { messagesApi, renderMergeHtml, renderMergeText, type TMergeValues } from '@meridian/domain';
import { loadSettings, renderBrandedHtml, type TLoadedSettings } from '../apps/server/src/modules/institutions/index.js';
import { formatMergeValues, type TMergeRaw } from '../apps/server/src/modules/messages/index.js';
import { fillTemplateHtml } from '../apps/server/src/modules/messages/templates/render-system-message.js';
import { cleanTemplateHtml } from '../apps/server/src/modules/messages/templates/template-store.js';
import { benchApp, capture, f, log, machineLines, mb, memory, openBenchDatabase, seedWith, withPeak } from './harness.js';

const MAX = messagesApi.MASS_SEND_MAX_RECIPIENTS;
const ASKED = Number(process.env.BENCH_RECIPIENTS ?? 10_000);
const TOTAL = Math.min(ASKED, MAX);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 7);
const POLL_MS = Number(process.env.BENCH_POLL_MS ?? 1000);
const TAG = 'bench-mail';
const PROBE_TAG = 'bench-mail-probe';
const PROBE = 100;

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A notice as an office writes it in the editor: about 2 KB of HTML, 15 merge tags (2 in the subject). */
const SUBJECT = '{{student.firstName}}, your program at {{general.institutionName}} ends on {{student.programEndDate}}';
const BODY = `<h2>Your program end date is approaching</h2>
<p>Dear {{ student.firstName }} {{student.lastName}},</p>
<p>Our records show that your program of study as an <strong>{{student.visaType}}</strong> student in
{{student.educationLevel}} ({{student.major}}) at <strong>{{general.institutionName}}</strong> ends on
<strong>{{student.programEndDate}}</strong>. Your SEVIS record ({{student.sevisId}}) is currently in
status <em>{{student.sevisStatus}}</em>. Before that date you must either complete your program, apply for
an extension, transfer to another school, change your level of study, or apply for Optional Practical
Training.</p>
<p>What you should do now:</p>
<ul>
<li>Check that your U.S. address is still correct: {{student.usAddress}}. If it is not, update it in the portal
within ten days of moving, as the regulations require.</li>
<li>If you need more time to finish your degree, meet your academic advisor and submit a program extension
request in the portal no later than thirty days before your program end date.</li>
<li>If you plan to apply for Optional Practical Training, attend one of the office's OPT workshops and submit
your request in the portal before you apply to USCIS.</li>
<li>If you will leave the United States after completing your program, tell us the date of your departure so
that we can update your SEVIS record.</li>
</ul>
<p>After your program end date you have a grace period of sixty days to prepare for departure, transfer, or
begin a new program. You may not work during the grace period unless you have been granted OPT.</p>
<p>You can see your record and send requests at
<a href="{{general.portalLink}}/#/student/requests">{{general.portalLink}}</a>. Please keep this message for your
records; it was sent to {{student.email}} on {{general.today}}.</p>
<p>With kind regards,<br>{{general.officeName}}<br>{{general.institutionName}}<br>{{general.officeEmail}}</p>`;

const FIRST = ['Priya', 'Wei', 'Lukas', 'Amara', 'Mateo', 'Yuki', 'Omar', 'Sofia', 'Zoë', 'Seán'];
const LAST = ['Raman', 'Zhang', 'Schneider', 'Okafor', 'García', 'Nakamura', 'Haddad', 'Rossi', "O'Brien", 'Nguyen & Kim'];
const LEVELS = ['Bachelor’s', 'Master’s', 'Doctorate', 'Associate'];
const MAJORS = ['11.0701', '14.0901', '26.0102', '52.0201', '27.0501', '40.0801'];

/** The raw values of one record as the job's merge source answers them (dates as YYYY-MM-DD). */
function rawValues(i: number, settings: TLoadedSettings): TMergeRaw {
  const first = FIRST[i % FIRST.length]!;
  const last = LAST[Math.floor(i / FIRST.length) % LAST.length]!;
  return {
    'general.institutionName': settings.accountName,
    'general.officeName': 'International Student and Scholar Services',
    'general.officeEmail': settings.primaryContactEmail,
    'general.portalLink': settings.publicBaseUrl.replace(/\/+$/, ''),
    'general.today': '2026-12-07',
    'general.recipientName': `${first} ${last}`,
    'student.firstName': first,
    'student.lastName': last,
    'student.fullName': `${first} ${last}`,
    'student.email': `bench${i}@example.edu`,
    'student.sevisId': i % 20 === 0 ? '' : `N${String(8_000_000_000 + i).padStart(10, '0')}`,
    'student.visaType': 'F-1',
    'student.sevisStatus': i % 20 === 0 ? 'Initial' : 'Active',
    'student.educationLevel': LEVELS[i % LEVELS.length]!,
    'student.major': MAJORS[i % MAJORS.length]!,
    'student.programStartDate': '2025-08-25',
    'student.programEndDate': `2027-0${1 + (i % 9)}-15`,
    'student.birthDate': '1998-03-14',
    'student.usAddress': `${100 + (i % 900)} Commonwealth Ave, Apt ${1 + (i % 40)}, Boston, MA 02215`,
    'student.campusSite': 'Main Campus',
    'opt.employerName': i % 20 === 18 ? 'Wayfair' : '',
  };
}

/** The raw baseline: the same substitution with no escaping, no checks, no cleaning. */
function naiveSplit(template: string, values: TMergeValues): string {
  const parts = template.split('{{');
  let out = parts[0]!;
  for (let i = 1; i < parts.length; i++) {
    const p = parts[i]!;
    const end = p.indexOf('}}');
    out += (values[p.slice(0, end).trim()] ?? '') + p.slice(end + 2);
  }
  return out;
}
const NAIVE_TAG = /\{\{\s*([\w.]+)\s*\}\}/g;
const naiveRegex = (template: string, values: TMergeValues) => template.replace(NAIVE_TAG, (_, k: string) => values[k] ?? '');

interface TRenderCase {
  name: string;
  run: (i: number) => number;
}

/** Each case over every value set, once per round, the order rotated each round; median ms per round. */
function measureRendering(cases: TRenderCase[], n: number): Map<string, { median: number; all: number[] }> {
  const times = new Map<string, number[]>(cases.map((c) => [c.name, []]));
  let sink = 0;
  for (let round = 0; round < ROUNDS + 1; round++) {
    for (let k = 0; k < cases.length; k++) {
      const c = cases[(k + round) % cases.length]!;
      const t = performance.now();
      for (let i = 0; i < n; i++) sink += c.run(i);
      const ms = performance.now() - t;
      // Round 0 warms the JIT up and is not counted.
      if (round > 0) times.get(c.name)!.push(ms);
    }
  }
  if (sink === 42) log('');
  return new Map([...times].map(([k, v]) => [k, { median: median(v), all: v }]));
}

async function main() {
  if (ASKED > MAX) log(`BENCH_RECIPIENTS ${ASKED} is above MASS_SEND_MAX_RECIPIENTS (${MAX}): using ${MAX}`);
  const db = await openBenchDatabase();
  try {
    const t0 = performance.now();
    const site = (
      await db.pool.query<{ id: number }>("select id from campus_sites where institution_id = $1 and code = 'MAIN'", [db.instA])
    ).rows[0]!.id;
    // F-1 records of Main Campus, each with an address and the bench's tag; every 20th with an OPT employment.
    await seedWith(db.pool, async (c) => {
      await c.query(
        `
        insert into student_profiles (institution_id, campus_site_id, campus_id, sevis_id, first_name, middle_name, last_name, email, gender, birth_date, birth_city,
          birth_country_cd, citizenship_country_cd, permanent_residence_country_cd, visa_type, sevis_status, current_stage, education_level, major1_cd,
          program_start_date, program_end_date, document_issue_date, session_start_date, session_end_date, us_address, foreign_address, phone, financials,
          academic_term_months, tags)
        select $1, $2, 'M' || g, case when g % 20 = 0 then null else 'N' || lpad((8000000000 + g)::text, 10, '0') end,
          (array['Priya','Wei','Lukas','Amara','Mateo','Yuki','Omar','Sofia','Zoë','Seán'])[1 + g % 10], case when g % 3 = 0 then 'Ann' else '' end,
          (array['Raman','Zhang','Schneider','Okafor','García','Nakamura','Haddad','Rossi','O''Brien','Nguyen'])[1 + (g / 10) % 10],
          'bench' || g || '@example.edu', (array['F','M','X'])[1 + g % 3], date '1996-01-01' + (g % 2500), 'Pune',
          (array['IN','CN','NG','KR','BR','DE','JP','VN'])[1 + g % 8], (array['IN','CN','NG','KR','BR','DE','JP','VN'])[1 + g % 8], (array['IN','CN','NG','KR','BR','DE','JP','VN'])[1 + g % 8],
          'F-1', case when g % 20 = 0 then 'Initial' else 'Active' end, 'continuing', (array['03','04','05','06'])[1 + g % 4],
          (array['11.0701','14.0901','26.0102','52.0201','27.0501','40.0801'])[1 + g % 6], '2025-08-25', date '2027-01-15' + (g % 240), '2025-04-02', '2026-08-24', '2026-12-18',
          jsonb_build_object('line1', (100 + g % 900) || ' Commonwealth Ave', 'line2', 'Apt ' || (1 + g % 40), 'city', 'Boston', 'state', 'MA', 'postalCode', '02215'),
          jsonb_build_object('line1', (1 + g % 200) || ' Station Road', 'city', 'Pune', 'postalCode', '411001', 'countryCode', (array['IN','CN','NG','KR','BR','DE','JP','VN'])[1 + g % 8]),
          '617555' || lpad((g % 10000)::text, 4, '0'),
          jsonb_build_object('tuition', 58240, 'living', 21500, 'personalFunds', 50000, 'schoolFunds', 29740, 'academicTermMonths', 9),
          9, case when g <= $4 then array[$5, $6] else array[$5] end
        from generate_series(1, $3::int) g`,
        [db.instA, site, TOTAL, PROBE, TAG, PROBE_TAG],
      );
      await c.query(
        `
        insert into student_employments (institution_id, profile_id, kind, opt_phase, authorized_start_date, authorized_end_date, employer_name, job_title, start_date,
          full_or_part_time, employer_address, details)
        select p.institution_id, p.id, 'opt', '02', '2027-06-01', '2028-05-31', 'Wayfair', 'Data Analyst', '2027-06-15', '01',
          '{"line1":"4 Copley Place","city":"Boston","state":"MA","postalCode":"02116"}', '{}'
        from student_profiles p where p.institution_id = $1 and p.campus_id like 'M%' and substr(p.campus_id, 2)::int % 20 = 18`,
        [db.instA],
      );
    });
    log(`seeded ${TOTAL} F-1 records tagged ${TAG} in ${f((performance.now() - t0) / 1000)} s`);

    // 1. Rendering alone.
    const settings = await db.database.tenant(db.instA, (tx) => loadSettings(tx, db.instA));
    const body = cleanTemplateHtml(BODY);
    const tagUses = [...(SUBJECT + body).matchAll(NAIVE_TAG)].map((m) => m[1]!);
    const raws = Array.from({ length: TOTAL }, (_, i) => rawValues(i, settings));
    const values = raws.map((r) => formatMergeValues(r, settings.timeZone));
    const oneLine = (s: string) => s.replace(/[\r\n]+/g, ' ');
    const cases: TRenderCase[] = [
      {
        name: 'domain',
        run: (i) => renderMergeText(SUBJECT, values[i]!).length + renderMergeHtml(body, values[i]!).length,
      },
      {
        // What the job does for one recipient besides SQL (render-mass-copy.ts, mass-send-job.ts).
        name: 'copy',
        run: (i) => {
          const v = formatMergeValues(raws[i]!, settings.timeZone);
          const filled = fillTemplateHtml(body, v);
          const subject = oneLine(renderMergeText(SUBJECT, v));
          return renderBrandedHtml(settings, subject, filled.text, filled.html).length + filled.text.length;
        },
      },
      { name: 'split', run: (i) => naiveSplit(SUBJECT, values[i]!).length + naiveSplit(body, values[i]!).length },
      { name: 'regex', run: (i) => naiveRegex(SUBJECT, values[i]!).length + naiveRegex(body, values[i]!).length },
    ];
    const renderPeak = await withPeak(() => Promise.resolve(measureRendering(cases, TOTAL)));
    const r = renderPeak.result;
    const per = (name: string) => r.get(name)!.median;
    const sample = fillTemplateHtml(body, values[8]!);
    const sampleFull = renderBrandedHtml(settings, renderMergeText(SUBJECT, values[8]!), sample.text, sample.html);
    log(`rendering: domain ${f(per('domain'))} ms, copy ${f(per('copy'))} ms, split ${f(per('split'))} ms per ${TOTAL}`);

    // 2. End to end through the app, with its own job runner (no SMTP: messages are recorded, not delivered).
    const { app, login } = await benchApp(db.database, { jobs: true });
    try {
      const headers = { host: 'demo.test', authorization: `Bearer ${await login('admin')}` };
      const post = (tag: string, subject: string) =>
        app.inject({
          method: 'POST',
          url: '/api/messages/mass',
          headers,
          payload: {
            recordKind: 'student',
            recipients: { type: 'studentList', title: 'all', filters: { tag } },
            subject,
            bodyHtml: BODY,
          } satisfies messagesApi.TMassSendInput,
        });
      /** POST, then GET the send until it is prepared; the times at which each quarter of it was prepared. */
      const sendAndWait = async (tag: string, subject: string) => {
        const t = performance.now();
        const wallStart = Date.now();
        const res = await post(tag, subject);
        const postMs = performance.now() - t;
        if (res.statusCode !== 200) throw new Error(`POST /api/messages/mass: ${res.statusCode} ${res.body}`);
        const created = res.json<messagesApi.TMassSendDetail>();
        const quarters: number[] = [];
        for (;;) {
          const got = await app.inject({ method: 'GET', url: `/api/messages/mass/${created.id}`, headers });
          if (got.statusCode !== 200) throw new Error(`GET /api/messages/mass/:id: ${got.statusCode} ${got.body}`);
          const d = got.json<messagesApi.TMassSendDetail>();
          const prepared = d.counts.total - d.counts.queued;
          while (quarters.length < 4 && prepared >= ((quarters.length + 1) * d.counts.total) / 4) quarters.push(performance.now() - t);
          if (d.status !== 'preparing' && d.status !== 'scheduled') {
            // The job's end as the database recorded it (now() of its last transaction), from the POST.
            const doneMs = d.finishedAt ? Date.parse(d.finishedAt) - wallStart : performance.now() - t;
            return { detail: d, postMs, quarters, doneMs, seenMs: performance.now() - t };
          }
          await sleep(POLL_MS);
        }
      };

      const loadBefore = os
        .loadavg()
        .map((x) => x.toFixed(2))
        .join(' ');
      const memBefore = memory();
      const cpuBefore = process.cpuUsage();
      const e2e = await withPeak(() => sendAndWait(TAG, SUBJECT));
      const cpu = process.cpuUsage(cpuBefore);
      const loadAfter = os
        .loadavg()
        .map((x) => x.toFixed(2))
        .join(' ');
      const d = e2e.result.detail;
      const written = (
        await db.pool.query<{ n: number; bytes: string; statuses: string }>(
          `select count(*)::int as n, sum(octet_length(text_body) + coalesce(octet_length(html_body), 0))::text as bytes,
            string_agg(distinct status, ',') as statuses from outbox where mass_send_id = $1`,
          [d.id],
        )
      ).rows[0]!;
      log(
        `end to end: ${d.status}, ${written.n} outbox rows (${written.statuses}) in ${f(e2e.result.doneMs / 1000)} s; counts ${JSON.stringify(d.counts)}`,
      );
      if (written.n !== TOTAL || d.counts.failed || d.counts.skipped) process.exitCode = 1;

      // Its baseline: the same rows written by one statement, as the app's role in a tenant transaction.
      const client = await db.pool.connect();
      let sqlMs = 0;
      let sqlRows = 0;
      try {
        await client.query('begin');
        await client.query('set local role meridian_app');
        await client.query("select set_config('app.institution_id', $1, true)", [db.instA]);
        const t = performance.now();
        const ins = await client.query(
          `insert into outbox (institution_id, to_address, cc, subject, text_body, html_body, purpose, category, status, profile_id, sent_by)
          select institution_id, to_address, cc, subject, text_body, html_body, purpose, category, status, profile_id, sent_by
          from outbox where mass_send_id = $1`,
          [d.id],
        );
        await client.query('commit');
        sqlMs = performance.now() - t;
        sqlRows = ins.rowCount ?? 0;
      } finally {
        client.release();
      }

      // What one recipient costs in statements: a 100-recipient send, every statement captured (after the figures).
      const probe = await capture(() => sendAndWait(PROBE_TAG, SUBJECT));
      const byKind = new Map<string, number>();
      for (const s of probe.statements) {
        const k = s.text.replace(/\s+/g, ' ').trim().slice(0, 100);
        byKind.set(k, (byKind.get(k) ?? 0) + 1);
      }
      const top = [...byKind].sort((a, b) => b[1] - a[1]).slice(0, 10);

      const ratio = (a: number, b: number) => `${(a / b).toFixed(1)}×`;
      const ms = (x: number) => `${f(x)} ms`;
      const table = [
        `### Rendering alone (${TOTAL} value sets, median of ${ROUNDS} rounds)`,
        '',
        `Template: subject + ${(body.length / 1024).toFixed(1)} KB of HTML, ${new Set(tagUses).size} merge tags (${tagUses.length} uses); one filled copy in its frame ${(sampleFull.length / 1024).toFixed(1)} KB.`,
        '',
        `| what | ms per ${TOTAL} | µs per copy | vs split baseline | all rounds ms |`,
        '| --- | ---: | ---: | ---: | --- |',
        ...[
          ['domain merge: `renderMergeText` (subject) + `renderMergeHtml` (body, values escaped)', 'domain'],
          ["the job's per-recipient work without SQL: values formatted, body filled + cleaned + made text, subject, e-mail frame", 'copy'],
          ["baseline: naive `split('{{')`, no escaping or checks", 'split'],
          ['baseline: naive regex replace, no escaping or checks', 'regex'],
        ].map(
          ([label, k]) =>
            `| ${label} | ${f(per(k!))} | ${f((per(k!) * 1000) / TOTAL)} | ${ratio(per(k!), per('split'))} | ${r
              .get(k!)!
              .all.map((x) => x.toFixed(0))
              .join(', ')} |`,
        ),
        '',
        `Peak RSS while rendering ${mb(renderPeak.peakRss)}, peak heap ${mb(renderPeak.peakHeap)}.`,
        '',
        `### End to end (${TOTAL} F-1 records, Student List "All Students", tag ${TAG})`,
        '',
        '| step | time | rows | peak RSS | peak heap |',
        '| --- | ---: | ---: | ---: | ---: |',
        `| **POST /api/messages/mass → every recipient prepared** (the job's end; status ${d.status}; sent ${d.counts.sent}, failed ${d.counts.failed}, skipped ${d.counts.skipped}) | **${f(e2e.result.doneMs / 1000)} s** (seen by the poll at ${f(e2e.result.seenMs / 1000)} s; CPU of this process ${f((cpu.user + cpu.system) / 1e6)} s) | ${written.n} in outbox (${written.statuses}) | ${mb(e2e.peakRss)} | ${mb(e2e.peakHeap)} |`,
        `| of which the POST's answer (recipients fixed, job started) | ${ms(e2e.result.postMs)} | ${TOTAL} recipients | | |`,
        `| baseline: the same rows by one \`insert ... select\` (meridian_app, tenant transaction) | ${ms(sqlMs)} | ${sqlRows} | | |`,
        '',
        `- ratio end to end / one statement: ${ratio(e2e.result.doneMs, sqlMs)}; ${f((e2e.result.doneMs * 1000) / TOTAL)} µs per recipient against ${f((sqlMs * 1000) / TOTAL)} µs`,
        `- prepared as the poll saw it (from the POST, GET every ${POLL_MS} ms): ${e2e.result.quarters.map((q, i) => `${25 * (i + 1)} % at ${f(q / 1000)} s`).join(', ')}`,
        `- ${mb(Number(written.bytes))} of message bodies (text + HTML) in the outbox, ${f(Number(written.bytes) / written.n / 1024)} KB per message`,
        `- statements for a ${PROBE}-recipient send (POST to prepared, polls included): ${probe.statements.length}, ${f(probe.statements.length / PROBE)} per recipient; the most frequent:`,
        ...top.map(([k, n]) => `  - ${n} × \`${k}\``),
        `- load average (1, 5, 15 min): ${loadBefore} before the POST, ${loadAfter} when every recipient was prepared`,
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

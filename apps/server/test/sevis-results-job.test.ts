import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type jobsApi, sevisApi, type TSession } from '@meridian/domain';
import { fileStorage, MissingFileError } from '../src/platform/files/storage.js';
import { createTestApp, type TTestApp } from './app.js';
import { call, followJob } from './http.js';
import { buildSevisBatch, buildStudent } from './factories/index.js';
import { fileBody } from './sevis-results-fixtures.js';

// Importing a transaction log runs as a job (docs/product/sevis-results.md#transaction-logs): the
// route answers 202 with it, the job reports how many of the batch's records are done, and its
// completion is saved with the results, so a job run again never applies a log twice.

let t: TTestApp;
let admin: TSession;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin');
});
afterAll(async () => {
  await t?.close();
});

/** A sent batch of `n` update records and the log SEVIS returns for it (every record accepted). */
async function batchAndLog(n: number) {
  const students = await Promise.all(Array.from({ length: n }, () => buildStudent(t)));
  const b = await buildSevisBatch(t, {
    kind: 'student',
    records: students.map((s, i) => ({ profileId: s.id, requestId: `job-${i + 1}`, kind: 'update' as const })),
  });
  const recs = students
    .map(
      (s, i) =>
        `<Record sevisID="${s.sevisId!}" requestID="job-${i + 1}"><ProcessDate>2026-11-20T10:00:00.000+00:00</ProcessDate><Result status="true"/></Record>`,
    )
    .join('');
  const xml =
    `<TransactionLog><BatchHeader><BatchID>${b.batchId}</BatchID><OrgID>${b.orgId}</OrgID></BatchHeader><BatchDetail status="true">` +
    `<Upload resultCode="S0000" dateTimeStamp="2026-11-20T09:00:00.000+00:00"/><Process resultCode="S0000" dateTimeStamp="2026-11-20T10:00:00.000+00:00">` +
    `<RecordCount><Success>${n}</Success><Failure>0</Failure><Total>${n}</Total></RecordCount>${recs}` +
    '</Process><Download resultCode="S0000"/></BatchDetail></TransactionLog>';
  return { b, xml };
}

const headers = (f: { headers: Record<string, string> }) => ({ ...f.headers, authorization: `Bearer ${admin.accessToken}` });
const start = (xml: string) => {
  const f = fileBody('sevis_transaction_log.xml', xml);
  return call(t, 'POST', '/api/sevis/transaction-logs', { as: admin, body: f.body, headers: f.headers, follow: false });
};
const job = async (id: string) => (await call(t, 'GET', `/api/jobs/${id}`, { as: admin })).json<jobsApi.TJob>();

/** What the log did, counted behind the API: its log rows, the records' results and their History Log events. */
async function applied(batchRowId: string) {
  const [row] = await t.sql<{ logs: string; results: string; audits: string }>(
    `select (select count(*) from sevis_transaction_logs where batch_row_id = $1) as logs,
            (select count(*) from sevis_batch_records where batch_row_id = $1 and status = 'succeeded') as results,
            (select count(*) from audit_events where action = 'sevis.result.imported' and after->>'batchId' = (select batch_id from sevis_batches where id = $1)) as audits`,
    [batchRowId],
  );
  return { logs: Number(row!.logs), results: Number(row!.results), audits: Number(row!.audits) };
}

/** Waits for a job to be over (after the given attempt), as the page does. */
async function ended(id: string, attempts = 1): Promise<jobsApi.TJob> {
  const until = Date.now() + 60_000;
  for (;;) {
    const j = await job(id);
    if ((j.status === 'completed' || j.status === 'failed') && j.attempts >= attempts) return j;
    if (Date.now() > until) throw new Error(`job ${id} did not end: ${JSON.stringify(j)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('importTransactionLog as a job', () => {
  it('answers 202 with the job; its progress reaches every record of the batch and its result is the import; the upload is not kept', async () => {
    const { b, xml } = await batchAndLog(3);
    const res = await start(xml);
    expect(res.statusCode, res.body).toBe(202);
    const started = res.json<jobsApi.TJob>();
    expect(res.headers.location).toBe(`/api/jobs/${started.id}`);
    expect(started).toMatchObject({ kind: sevisApi.IMPORT_TRANSACTION_LOG_JOB, status: 'queued', result: null });

    const followed = await followJob(t, res, headers(fileBody('x.xml', '')));
    expect(followed.statusCode, followed.body).toBe(200);
    const done = await job(started.id);
    expect(done).toMatchObject({ status: 'completed', done: 3, total: 3, attempts: 1 });
    const out = sevisApi.ZTransLogImportOutput.parse(done.result);
    expect(out).toMatchObject({ isDuplicate: false, batchStatus: 'completed', log: { batchId: b.batchId, succeededCount: 3 } });
    expect(await applied(b.id)).toEqual({ logs: 1, results: 3, audits: 3 });

    const [{ input }] = (await t.sql<{ input: { storageKey: string } }>('select input from background_jobs where id = $1', [
      started.id,
    ])) as [{ input: { storageKey: string } }];
    // The job drops the bytes once its result is committed: moments after the job reads as completed.
    const kept = () =>
      fileStorage(t.config.dataDir)
        .readBuffer(input.storageKey)
        .then(
          () => 'kept',
          (e: unknown) => (e instanceof MissingFileError ? 'gone' : String(e)),
        );
    await expect.poll(kept).toBe('gone');
  });

  it('refuses a file that cannot be a log at once, before any job starts', async () => {
    const f = fileBody('results.pdf', '%PDF-1.4');
    const res = await call(t, 'POST', '/api/sevis/transaction-logs', { as: admin, body: f.body, headers: f.headers, follow: false });
    expect(res.statusCode).toBe(400);
    expect(res.json().fieldErrors.file[0]).toBe(sevisApi.TRANSLOG_MSG.fileType);
  });

  it('a job resumed after its server stopped does not apply the log a second time', async () => {
    const { b, xml } = await batchAndLog(2);
    const res = await start(xml);
    const first = await ended(res.json<jobsApi.TJob>().id);
    expect(first.status).toBe('completed');
    expect(await applied(b.id)).toEqual({ logs: 1, results: 2, audits: 2 });

    // As if its server had died once the results were saved: the job still running, its heartbeat
    // stale, the queue's job active, its upload still kept. Another server's reaper takes it up.
    const [{ input }] = (await t.sql<{ input: { storageKey: string } }>('select input from background_jobs where id = $1', [first.id])) as [
      { input: { storageKey: string } },
    ];
    await fileStorage(t.config.dataDir).put(input.storageKey, Buffer.from(xml, 'utf8'));
    await t.sql(
      `update background_jobs set status = 'running', result = null, finished_at = null, phase = 'Applying the results',
         heartbeat_at = now() - interval '5 minutes' where id = $1`,
      [first.id],
    );
    await t.sql(`update pgboss.job set state = 'active', completed_on = null, output = null where id = $1`, [first.id]);

    const resumed = await ended(first.id, 2);
    expect(resumed).toMatchObject({ status: 'completed', attempts: 2 });
    expect(sevisApi.ZTransLogImportOutput.parse(resumed.result)).toMatchObject({
      isDuplicate: true,
      message: sevisApi.TRANSLOG_MSG.duplicate,
    });
    expect(await applied(b.id)).toEqual({ logs: 1, results: 2, audits: 2 });
  });

  it('the results and the job are saved together: a run stopped before its commit leaves nothing, and its retry applies the log once', async () => {
    const { b, xml } = await batchAndLog(2);
    // The first attempt fails at the very end, as the job is marked completed (the server stops there).
    await t.sql(`create or replace function test_stop_first_completion() returns trigger language plpgsql as $$
      begin
        if new.status = 'completed' and old.status <> 'completed' and new.attempts = 1 and new.kind = '${sevisApi.IMPORT_TRANSACTION_LOG_JOB}' then
          raise exception 'the server stopped';
        end if;
        return new;
      end $$`);
    await t.sql(
      'create trigger test_stop_first_completion before update on background_jobs for each row execute function test_stop_first_completion()',
    );
    try {
      const res = await start(xml);
      const j = await ended(res.json<jobsApi.TJob>().id);
      expect(j).toMatchObject({ status: 'completed', attempts: 2 });
      // Had the first attempt's results been saved without its completion, the retry would have found the log imported.
      expect(sevisApi.ZTransLogImportOutput.parse(j.result)).toMatchObject({ isDuplicate: false, batchStatus: 'completed' });
      expect(await applied(b.id)).toEqual({ logs: 1, results: 2, audits: 2 });
    } finally {
      await t.sql('drop trigger test_stop_first_completion on background_jobs');
      await t.sql('drop function test_stop_first_completion()');
    }
  });
});

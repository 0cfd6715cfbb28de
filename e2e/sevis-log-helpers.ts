import fs from 'node:fs';
import type { Page } from 'playwright-core';
import { baseUrl } from './browser.js';
import { confirmDecision } from './journey-helpers.js';

/** Calls the API as a signed-in user (a token from /api/auth/login), for what a journey sets up rather than tests. */
export async function api<T>(method: string, path: string, token: string | null, body?: unknown): Promise<T> {
  const res = await fetch(`${baseUrl()}${path}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    body: body === undefined ? null : JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${text}`);
  return (text ? JSON.parse(text) : null) as T;
}

/**
 * Calls an API route that starts long work (it answers 202 with a job) as a signed-in user, and waits
 * for the job to end: its result, or an error naming the job's.
 */
export async function apiJob<T>(method: string, path: string, token: string, body?: unknown): Promise<T> {
  const started = await api<{ id: string }>(method, path, token, body);
  const until = Date.now() + 60_000;
  for (;;) {
    const job = await api<{ status: string; result: unknown; error: unknown }>('GET', `/api/jobs/${started.id}`, token);
    if (job.status === 'completed') return job.result as T;
    if (job.status === 'failed') throw new Error(`${method} ${path}: the job failed: ${JSON.stringify(job.error)}`);
    if (Date.now() > until) throw new Error(`${method} ${path}: the job did not end: ${JSON.stringify(job)}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** The attributes of each record (Student or ExchangeVisitor element) of a batch file, with its inner XML. */
export function batchRecords(xml: string): TBatchRecord[] {
  const out: TBatchRecord[] = [];
  for (const m of xml.matchAll(/<(Student|ExchangeVisitor)\b([^>]*)>([\s\S]*?)<\/\1>/g)) {
    const attrs = Object.fromEntries([...m[2]!.matchAll(/(\w+)="([^"]*)"/g)].map((a) => [a[1]!, a[2]!]));
    out.push({ attrs, body: m[3]! });
  }
  return out;
}

/** The UserDefinedA / UserDefinedB each dependent of a record's CreateDependent carries (SEVIS echoes them in the log). */
export function createdDependents(recordBody: string): { a: string; b: string }[] {
  const block = /<CreateDependent>([\s\S]*?)<\/CreateDependent>/.exec(recordBody)?.[1] ?? '';
  return [
    ...block.matchAll(
      /<Dependent>[\s\S]*?<UserDefinedA>([^<]*)<\/UserDefinedA>\s*<UserDefinedB>([^<]*)<\/UserDefinedB>[\s\S]*?<\/Dependent>/g,
    ),
  ].map((m) => ({ a: m[1]!, b: m[2]! }));
}

/** One record of a batch file: its attributes and inner XML. */
export type TBatchRecord = { attrs: Record<string, string>; body: string };

/**
 * SEVIS's transaction log (SevisTransLog format) answering a batch file: every record processed
 * successfully. A record without a SEVIS ID (a Create) gets one, and so does each dependent its Create
 * carries, echoing the dependent's UserDefinedA/B (SevisTransLog.xsd Record/Dependent): `newSevisIds`
 * names them for a record (the principal's, then its dependents' in the file's order); others get
 * generated ones.
 */
export function successLogFor(
  orgId: string,
  batchId: string,
  xml: string,
  newSevisIds: (r: TBatchRecord) => string[] | undefined = () => undefined,
): string {
  let generated = 0;
  const records = batchRecords(xml).map((r) => {
    const fresh = [...(newSevisIds(r) ?? [])];
    const next = () => fresh.shift() ?? `N00${String(90000000 + generated++).padStart(8, '0')}`;
    return {
      requestId: r.attrs.requestID!,
      sevisId: r.attrs.sevisID || next(),
      userId: r.attrs.userID!,
      dependents: createdDependents(r.body).map((d) => ({ ...d, sevisId: next() })),
    };
  });
  const now = new Date().toISOString().replace('Z', '+00:00');
  const recs = records
    .map(
      (r) => `
      <Record sevisID="${r.sevisId}" userID="${r.userId}" requestID="${r.requestId}">
        <ProcessDate>${now}</ProcessDate>
        <Result status="true" />${r.dependents
          .map(
            (d) => `
        <Dependent dependentSevisID="${d.sevisId}">
          <UserDefinedA>${d.a}</UserDefinedA>
          <UserDefinedB>${d.b}</UserDefinedB>
        </Dependent>`,
          )
          .join('')}
      </Record>`,
    )
    .join('');
  return `<?xml version="1.0" encoding="UTF-8"?>
<TransactionLog xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns:xsd="http://www.w3.org/2001/XMLSchema">
  <BatchHeader>
    <BatchID>${batchId}</BatchID>
    <OrgID>${orgId}</OrgID>
  </BatchHeader>
  <BatchDetail status="true" system="PROD-ALPHA">
    <Upload resultCode="S0000" dateTimeStamp="${now}">
      <FileName>${batchId}.xml</FileName>
    </Upload>
    <Process resultCode="S0000" dateTimeStamp="${now}">
      <RecordCount>
        <Success>${records.length}</Success>
        <Failure>0</Failure>
        <Total>${records.length}</Total>
      </RecordCount>${recs}
    </Process>
    <Download resultCode="S0000" />
  </BatchDetail>
</TransactionLog>
`;
}

/**
 * In the browser, as the DSO: creates the Main Campus F-1 batches on the Batch Manager, downloads each
 * new file and finds the one whose record for `sevisId` matches, marks it sent, and imports SEVIS's
 * transaction log answering it on Transaction Logs. Returns the batch and the record's requestID.
 */
export async function batchAndImportLog(
  page: Page,
  sevisId: string,
  matches: (recordXml: string) => boolean,
  shot: (name: string) => Promise<unknown>,
): Promise<{ batchId: string; orgId: string; xml: string; requestId: string }> {
  return batchAndImportLogOf(page, {
    group: 'Main Campus, F-1 students',
    record: (r) => r.attrs.sevisID === sevisId && matches(r.body),
    shot,
  });
}

/**
 * In the browser, as the DSO or ARO: creates the batches of one group of the Batch Manager (its campus
 * site and program, e.g. 'Main Campus, J-1 exchange visitors'), downloads each new file and finds the
 * one holding the record `record` picks, lets `check` judge that file, marks it sent, and imports
 * SEVIS's transaction log answering it (new SEVIS IDs from `newSevisIds`, see successLogFor).
 */
export async function batchAndImportLogOf(
  page: Page,
  o: {
    group: string;
    record: (r: TBatchRecord) => boolean;
    shot: (name: string) => Promise<unknown>;
    /** The SEVIS IDs SEVIS gives the record looked for: its own, then its dependents'. */
    newSevisIds?: string[];
    check?: (xml: string) => void | Promise<void>;
  },
): Promise<{ batchId: string; orgId: string; xml: string; requestId: string }> {
  await page.goto('/#/isss/batch-manager');
  await page.getByRole('heading', { name: 'Batch Manager', level: 1 }).waitFor();
  const create = page.getByRole('button', { name: `Create batches for ${o.group}` });
  // Batch ids count per OrgID (two programs may each have a batch 00000000000001): a batch's row is found by both.
  const group = page.getByRole('table', { name: 'Pending updates by OrgID' }).getByRole('row').filter({ has: create });
  // The row's header is the campus site; then Program, OrgID.
  const orgId = (await group.getByRole('cell').nth(1).textContent())!.trim();
  await create.click();
  // Creating batches is confirmed first (docs/product/requests.md#decisions-are-confirmed).
  await confirmDecision(page, 'Create batches');
  const created = page.getByRole('status').filter({ hasText: /batch(es)? created/ });
  await created.waitFor();
  const text = (await created.textContent())!;
  const ids = /records?: ([^)]+)\)/.exec(text)?.[1]?.split(', ') ?? [];
  if (!ids.length) throw new Error(`no batch created: ${text}`);
  await o.shot('batch-created');
  const batches = page.getByRole('table', { name: 'Batches' });
  const rowOf = (id: string) =>
    batches
      .getByRole('row')
      .filter({ has: page.getByRole('button', { name: `Show the records of batch ${id}` }) })
      .filter({ hasText: orgId });
  let found: { batchId: string; orgId: string; xml: string; requestId: string } | null = null;
  for (const id of ids) {
    const row = rowOf(id);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      row.getByRole('button', { name: `Download the XML of batch ${id}` }).click(),
    ]);
    const xml = fs.readFileSync(await download.path(), 'utf8');
    const ours = batchRecords(xml).find(o.record);
    if (ours) found = { batchId: id, orgId: /<OrgID>([^<]+)<\/OrgID>/.exec(xml)![1]!, xml, requestId: ours.attrs.requestID! };
  }
  if (!found) throw new Error(`no batch of ${ids.join(', ')} has the record looked for`);
  await o.check?.(found.xml);
  const row = rowOf(found.batchId);
  await row.getByRole('button', { name: `Mark batch ${found.batchId} sent` }).click();
  await page.getByRole('dialog', { name: 'Mark the batch sent' }).getByRole('button', { name: 'Mark sent' }).click();
  await page.getByText(`Batch ${found.batchId} marked sent.`).waitFor();

  await row.getByRole('link', { name: `Import the transaction log of batch ${found.batchId}` }).click();
  await page.getByRole('heading', { name: 'Transaction Logs', level: 1 }).waitFor();
  const log = successLogFor(found.orgId, found.batchId, found.xml, (r) => (o.record(r) ? o.newSevisIds : undefined));
  const dropZone = page.getByRole('button', { name: /^Transaction log \(\.xml\) or SEVIS results \(\.zip\)/ });
  const [chooser] = await Promise.all([page.waitForEvent('filechooser'), dropZone.click()]);
  await chooser.setFiles({ name: 'sevis_transaction_log.xml', mimeType: 'text/xml', buffer: Buffer.from(log, 'utf8') });
  await page.getByRole('heading', { name: `Batch ${found.batchId} (${found.orgId})` }).waitFor();
  const result = page.getByRole('table', { name: 'Record results' }).getByRole('row').filter({ hasText: found.requestId });
  await result.getByText('Succeeded', { exact: true }).waitFor();
  await o.shot('log-imported');
  return found;
}

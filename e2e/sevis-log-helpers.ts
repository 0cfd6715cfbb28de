import fs from 'node:fs';
import type { Page } from 'playwright-core';
import { baseUrl } from './browser.js';

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

/** The attributes of each record (Student or ExchangeVisitor element) of a batch file, with its inner XML. */
export function batchRecords(xml: string): { attrs: Record<string, string>; body: string }[] {
  const out: { attrs: Record<string, string>; body: string }[] = [];
  for (const m of xml.matchAll(/<(Student|ExchangeVisitor)\b([^>]*)>([\s\S]*?)<\/\1>/g)) {
    const attrs = Object.fromEntries([...m[2]!.matchAll(/(\w+)="([^"]*)"/g)].map((a) => [a[1]!, a[2]!]));
    out.push({ attrs, body: m[3]! });
  }
  return out;
}

/** SEVIS's transaction log (SevisTransLog format) answering a batch file: every record processed successfully. */
export function successLogFor(orgId: string, batchId: string, xml: string): string {
  const records = batchRecords(xml).map((r, i) => ({
    requestId: r.attrs.requestID!,
    sevisId: r.attrs.sevisID || `N00${String(90000000 + i).padStart(8, '0')}`,
    userId: r.attrs.userID!,
  }));
  const now = new Date().toISOString().replace('Z', '+00:00');
  const recs = records
    .map(
      (r) => `
      <Record sevisID="${r.sevisId}" userID="${r.userId}" requestID="${r.requestId}">
        <ProcessDate>${now}</ProcessDate>
        <Result status="true" />
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
  await page.goto('/#/isss/batch-manager');
  await page.getByRole('heading', { name: 'Batch Manager', level: 1 }).waitFor();
  await page.getByRole('button', { name: 'Create batches for Main Campus, F-1 students' }).click();
  const created = page.getByRole('status').filter({ hasText: /batch(es)? created/ });
  await created.waitFor();
  const text = (await created.textContent())!;
  const ids = /records?: ([^)]+)\)/.exec(text)?.[1]?.split(', ') ?? [];
  if (!ids.length) throw new Error(`no batch created: ${text}`);
  await shot('batch-created');
  const batches = page.getByRole('table', { name: 'Batches' });
  let found: { batchId: string; orgId: string; xml: string; requestId: string } | null = null;
  for (const id of ids) {
    const row = batches.getByRole('row').filter({ has: page.getByRole('button', { name: `Show the records of batch ${id}` }) });
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      row.getByRole('button', { name: `Download the XML of batch ${id}` }).click(),
    ]);
    const xml = fs.readFileSync(await download.path(), 'utf8');
    const ours = batchRecords(xml).find((r) => r.attrs.sevisID === sevisId && matches(r.body));
    if (ours) found = { batchId: id, orgId: /<OrgID>([^<]+)<\/OrgID>/.exec(xml)![1]!, xml, requestId: ours.attrs.requestID! };
  }
  if (!found) throw new Error(`no batch of ${ids.join(', ')} has the update of ${sevisId}`);
  const row = batches.getByRole('row').filter({ has: page.getByRole('button', { name: `Show the records of batch ${found.batchId}` }) });
  await row.getByRole('button', { name: `Mark batch ${found.batchId} sent` }).click();
  await page.getByRole('dialog', { name: 'Mark the batch sent' }).getByRole('button', { name: 'Mark sent' }).click();
  await page.getByText(`Batch ${found.batchId} marked sent.`).waitFor();

  await page.getByRole('link', { name: `Import the transaction log of batch ${found.batchId}` }).click();
  await page.getByRole('heading', { name: 'Transaction Logs', level: 1 }).waitFor();
  const log = successLogFor(found.orgId, found.batchId, found.xml);
  const dropZone = page.getByRole('button', { name: /^Transaction log \(\.xml\) or SEVIS results \(\.zip\)/ });
  const [chooser] = await Promise.all([page.waitForEvent('filechooser'), dropZone.click()]);
  await chooser.setFiles({ name: 'sevis_transaction_log.xml', mimeType: 'text/xml', buffer: Buffer.from(log, 'utf8') });
  await page.getByRole('heading', { name: `Batch ${found.batchId} (${found.orgId})` }).waitFor();
  const result = page.getByRole('table', { name: 'Record results' }).getByRole('row').filter({ hasText: found.requestId });
  await result.getByText('Succeeded', { exact: true }).waitFor();
  await shot('log-imported');
  return found;
}

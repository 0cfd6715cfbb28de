import { readFileSync } from 'node:fs';
import type { TTestApp } from './app.js';
import { dependentUserDefined } from '../src/modules/sevis/xml/index.js';
import { buildDependent, buildSevisBatch, buildStudent } from './factories/index.js';

/**
 * The SEVIS samples the results, System Errors and transport tests read, and the sample batch's
 * scenario built with the factories: a sent batch whose record carries the requestID its
 * transaction log answers, so those tests do not depend on the batch builder.
 */
export const SAMPLE_LOG = readFileSync(new URL('./fixtures/sevis/transaction-log-sample.xml', import.meta.url), 'utf8');
export const SAMPLE_BATCH = readFileSync(new URL('./fixtures/sevis/ev-batch-6.27-sample.xml', import.meta.url), 'utf8');

/**
 * The sample's exchange visitor (no SEVIS id yet) with the spouse the sample batch created, its sent
 * batch, and the sample log as SEVIS answers a batch of ours: the spouse's UserDefinedA/B echo our rows.
 */
export async function sampleBatch(t: TTestApp) {
  const s = await buildStudent(t, {
    visaType: 'J-1',
    firstName: 'Ihave',
    lastName: 'Dependent',
    sevisId: null,
    evCategoryCode: '1B',
    birthDate: '1962-02-01',
  });
  const dep = await buildDependent(t, s, {
    firstName: 'IAmSpouse',
    lastName: 'Dependent',
    relationshipCode: '01',
    birthDate: '1963-02-24',
    gender: 'F',
  });
  // A second dependent added later (no SEVIS id, not in this batch) must keep none.
  await buildDependent(t, s, { firstName: 'Later', lastName: 'Dependent', relationshipCode: '02', birthDate: '2015-01-01' });
  const batch = await buildSevisBatch(t, {
    orgId: 'P-1-19833',
    batchId: '----kynEn47azQ',
    xml: SAMPLE_BATCH,
    records: [{ profileId: s.id, requestId: '1-1-59079' }],
  });
  const ud = dependentUserDefined(s.id, dep.id);
  const log = SAMPLE_LOG.replace(
    '<UserDefinedA>59079</UserDefinedA>\n          <UserDefinedB>B6</UserDefinedB>',
    `<UserDefinedA>${ud.UserDefinedA}</UserDefinedA>\n          <UserDefinedB>${ud.UserDefinedB}</UserDefinedB>`,
  );
  return { profileId: s.id, dependentId: dep.id, batch, log };
}

/** A multipart body with one file part named 'file'. */
export function fileBody(fileName: string, data: Buffer | string, contentType = 'application/octet-stream') {
  const boundary = '----meridiantestboundary';
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: ${contentType}\r\n\r\n`,
    ),
    Buffer.isBuffer(data) ? data : Buffer.from(data, 'utf8'),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { body, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

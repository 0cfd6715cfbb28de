import { readFileSync } from 'node:fs';
import type { TTestApp } from './app.js';
import { newStudent, siteId } from './students-fixtures.js';

/**
 * Batches with their records and events written straight into the tables (as the owner), so the
 * results, System Errors and transport tests do not depend on the batch builder: a sent batch whose
 * records carry the requestIDs a transaction log answers.
 */
export const SAMPLE_LOG = readFileSync(new URL('./fixtures/sevis/transaction-log-sample.xml', import.meta.url), 'utf8');
export const SAMPLE_BATCH = readFileSync(new URL('./fixtures/sevis/ev-batch-6.27-sample.xml', import.meta.url), 'utf8');

/** The sevis_settings row of a site and program kind (reuses the seeded one). */
export async function settingsFor(
  t: TTestApp,
  o: { site?: 'MAIN' | 'MED' | undefined; kind?: 'F' | 'J' | undefined; orgId?: string | undefined; inst?: string | undefined } = {},
): Promise<string> {
  const inst = o.inst ?? t.institutionA;
  const site = await siteId(t, o.site ?? 'MAIN', inst);
  const kind = o.kind ?? 'J';
  const [found] = await t.sql<{ id: string }>(
    'select id from sevis_settings where institution_id = $1 and campus_site_id = $2 and program_kind = $3',
    [inst, site, kind],
  );
  if (found) return found.id;
  const [row] = await t.sql<{ id: string }>(
    `insert into sevis_settings (institution_id, campus_site_id, program_kind, org_id, official_name, official_sevis_user_id)
     values ($1, $2, $3, $4, 'Pat Officer', 'esayya9302') returning id`,
    [inst, site, kind, o.orgId ?? (kind === 'J' ? 'P-1-19833' : 'DEM214F00000001')],
  );
  return row!.id;
}

export interface TBatchRecordSpec {
  profileId: string;
  requestId: string;
  kind?: 'create' | 'update' | undefined;
  eventType?: string | undefined;
  action?: string | undefined;
  dependentId?: string | null | undefined;
}

let batchSeq = 0;
/** A unique 14-character batch id. */
export function newBatchId(): string {
  batchSeq += 1;
  return `T${Date.now().toString(36).slice(-7)}${String(batchSeq).padStart(6, '0')}`.slice(0, 14).padEnd(14, '0');
}

/** A batch (status sent by default) with one record and one event per spec. */
export async function sentBatch(
  t: TTestApp,
  o: {
    orgId: string;
    batchId?: string | undefined;
    site?: 'MAIN' | 'MED' | undefined;
    kind?: 'student' | 'ev' | undefined;
    status?: string | undefined;
    xml?: string | undefined;
    inst?: string | undefined;
    records: TBatchRecordSpec[];
  },
) {
  const inst = o.inst ?? t.institutionA;
  const kind = o.kind ?? 'ev';
  const settingsId = await settingsFor(t, { site: o.site, kind: kind === 'ev' ? 'J' : 'F', inst });
  const batchId = o.batchId ?? newBatchId();
  const status = o.status ?? 'sent';
  const [b] = await t.sql<{ id: string }>(
    `insert into sevis_batches (institution_id, settings_id, org_id, batch_id, kind, status, record_count, sevis_user_id, xml, sent_at, sent_via)
     values ($1, $2, $3, $4, $5, $6, $7, 'esayya9302', $8, case when $6 = 'pending' then null else now() end, case when $6 = 'pending' then '' else 'manual' end) returning id`,
    [inst, settingsId, o.orgId, batchId, kind, status, o.records.length, o.xml ?? ''],
  );
  const events: string[] = [];
  for (const r of o.records) {
    const [e] = await t.sql<{ id: string }>(
      `insert into sevis_pending_events (institution_id, profile_id, dependent_id, event_type, action, payload, status, batch_id)
       values ($1, $2, $3, $4, $5, '{}', $6, $7) returning id`,
      [
        inst,
        r.profileId,
        r.dependentId ?? null,
        r.eventType ?? (r.kind === 'update' ? 'PersonalInfo' : 'Create'),
        r.action ?? (r.kind === 'update' ? 'Edit' : 'Create'),
        status === 'pending' ? 'batched' : 'sent',
        b!.id,
      ],
    );
    await t.sql(
      `insert into sevis_batch_records (institution_id, batch_row_id, event_id, profile_id, record_kind, sevis_request_id)
       values ($1, $2, $3, $4, $5, $6)`,
      [inst, b!.id, e!.id, r.profileId, r.kind ?? 'create', r.requestId],
    );
    events.push(e!.id);
  }
  return { id: b!.id, batchId, events };
}

/** The sample's exchange visitor (no SEVIS id yet) with the spouse the sample batch created, and its sent batch. */
export async function sampleBatch(t: TTestApp) {
  const s = await newStudent(t, {
    visaType: 'J-1',
    firstName: 'Ihave',
    lastName: 'Dependent',
    extra: { sevis_id: null, ev_category_cd: '1B', birth_date: '1962-02-01' },
  });
  const [dep] = await t.sql<{ id: string }>(
    `insert into student_dependents (institution_id, profile_id, first_name, last_name, relationship_to_principal_cd, date_of_birth, gender)
     values ($1, $2, 'IAmSpouse', 'Dependent', '01', '1963-02-24', 'F') returning id`,
    [t.institutionA, s.id],
  );
  // A second dependent added later (no SEVIS id, not in this batch) must keep none.
  await t.sql(
    `insert into student_dependents (institution_id, profile_id, first_name, last_name, relationship_to_principal_cd, date_of_birth)
     values ($1, $2, 'Later', 'Dependent', '02', '2015-01-01')`,
    [t.institutionA, s.id],
  );
  const batch = await sentBatch(t, {
    orgId: 'P-1-19833',
    batchId: '----kynEn47azQ',
    xml: SAMPLE_BATCH,
    records: [{ profileId: s.id, requestId: '1-1-59079' }],
  });
  return { profileId: s.id, dependentId: dep!.id, batch };
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

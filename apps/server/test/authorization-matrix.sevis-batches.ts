import type { TExpect, TMatrixContext, TMatrixRow } from './authorization-matrix.js';
import { buildPendingEvent, buildSevisBatch, buildSevisSender, buildStudent } from './factories/index.js';

// sevis.batch: super users, officers, assistants with the sevisBatch flag (the demo assistant has none).
// Creating and marking sent also need SEVIS Permissions: the rows name admin and officer DSO and ARO first.
const BATCH: TExpect = { anonymous: 401, admin: 200, officer: 200, assistant: 403, dept: 403, scholar: 403, student: 403 };

/** A pending Main Campus F-1 batch of one record. */
async function pendingBatch(m: TMatrixContext): Promise<string> {
  const s = await buildStudent(m.t);
  const b = await buildSevisBatch(m.t, {
    site: 'MAIN',
    kind: 'student',
    status: 'pending',
    records: [{ profileId: s.id, requestId: 'm1', kind: 'update' }],
  });
  return b.id;
}

async function senders(m: TMatrixContext): Promise<void> {
  for (const u of ['admin', 'officer'])
    for (const k of ['DSO', 'ARO'] as const) await buildSevisSender(m.t, u, k, u === 'admin' ? 'DEMOPDSO01' : 'OFFICER001');
}

// Sending again and cancelling a SEVIS update: super users and the officers of the record's campus site.
const EVENT_OFFICER: TExpect = { anonymous: 401, admin: 200, officer: 200, assistant: 403, dept: 403, scholar: 403, student: 403 };

/** A Main Campus record's update SEVIS refused. */
async function failedEvent(m: TMatrixContext): Promise<string> {
  const s = await buildStudent(m.t, { site: 'MAIN' });
  return (await buildPendingEvent(m.t, s, { status: 'failed', resultCode: 'S2009', message: 'Refused by SEVIS' })).id;
}

/** A Main Campus batch SEVIS refused whole (S0013). */
async function refusedBatch(m: TMatrixContext): Promise<string> {
  const s = await buildStudent(m.t, { site: 'MAIN' });
  const b = await buildSevisBatch(m.t, { site: 'MAIN', kind: 'student', records: [{ profileId: s.id, requestId: 'm1', kind: 'update' }] });
  await m.t.sql(`update sevis_batches set status = 'completed_with_errors', result_code = 'S0013' where id = $1`, [b.id]);
  await m.t.sql(`update sevis_pending_events set status = 'failed', result_code = 'S0013' where batch_id = $1`, [b.id]);
  return b.id;
}

/** Batch Manager, SEVIS Registration and SEVIS Validation. */
export const SEVIS_BATCHES_MATRIX: TMatrixRow[] = [
  { method: 'GET', path: '/api/sevis/pending-groups', access: 'sevis.batch', request: () => ({}), expect: BATCH },
  {
    method: 'GET',
    path: '/api/sevis/pending-events',
    access: 'sevis.batch',
    request: () => ({ query: { status: 'pending' } }),
    expect: BATCH,
  },
  {
    method: 'POST',
    path: '/api/sevis/batches',
    access: 'sevis.batch',
    expect: BATCH,
    request: async (m) => {
      await senders(m);
      return { body: {} };
    },
  },
  { method: 'GET', path: '/api/sevis/batches', access: 'sevis.batch', request: () => ({ query: { status: 'pending' } }), expect: BATCH },
  {
    method: 'GET',
    path: '/api/sevis/batches/:batchRowId',
    access: 'sevis.batch',
    foreignRecord: 404,
    expect: BATCH,
    request: async (m) => ({ params: { batchRowId: await pendingBatch(m) } }),
  },
  {
    method: 'GET',
    path: '/api/sevis/batches/:batchRowId/xml',
    access: 'sevis.batch',
    foreignRecord: 404,
    expect: BATCH,
    request: async (m) => ({ params: { batchRowId: await pendingBatch(m) } }),
  },
  {
    method: 'POST',
    path: '/api/sevis/batches/:batchRowId/mark-sent',
    access: 'sevis.batch',
    foreignRecord: 404,
    expect: BATCH,
    request: async (m) => {
      await senders(m);
      return { params: { batchRowId: await pendingBatch(m) } };
    },
  },
  { method: 'GET', path: '/api/sevis/registration', access: 'sevis.batch', request: () => ({ query: { pageSize: 10 } }), expect: BATCH },
  {
    method: 'POST',
    path: '/api/sevis/registration',
    access: 'sevis.batch',
    // SEVIS S1068: students not in their last session are registered with the next session's start.
    request: () => ({ body: { all: true, nextSessionStartDate: new Date(Date.now() + 400 * 86_400_000).toISOString().slice(0, 10) } }),
    expect: BATCH,
  },
  { method: 'GET', path: '/api/sevis/validation', access: 'sevis.batch', request: () => ({ query: { pageSize: 10 } }), expect: BATCH },
  { method: 'POST', path: '/api/sevis/validation', access: 'sevis.batch', request: () => ({ body: { all: true } }), expect: BATCH },
  {
    method: 'POST',
    path: '/api/sevis/events/:eventId/requeue',
    access: 'sevis.import',
    foreignRecord: 404,
    expect: EVENT_OFFICER,
    request: async (m) => ({ params: { eventId: await failedEvent(m) } }),
  },
  {
    method: 'POST',
    path: '/api/sevis/events/:eventId/cancel',
    access: 'sevis.import',
    foreignRecord: 404,
    expect: EVENT_OFFICER,
    request: async (m) => ({ params: { eventId: await failedEvent(m) }, body: { reason: 'Entered twice' } }),
  },
  {
    method: 'POST',
    path: '/api/sevis/batches/:batchRowId/rebuild',
    access: 'sevis.batch',
    foreignRecord: 404,
    expect: BATCH,
    request: async (m) => {
      await senders(m);
      return { params: { batchRowId: await refusedBatch(m) } };
    },
  },
];

import type { TExpect, TMatrixRow } from './authorization-matrix.js';
import { buildSevisBatch, buildStudent, buildTransactionLog } from './factories/index.js';
import { fileBody } from './sevis-results-fixtures.js';

// sevis.import: super users and officers; sevis.read: anyone of the student area (the demo assistant too);
// sevis.batch: super users, officers and assistants with the sevisBatch flag (the demo assistant has none).
const IMPORT: TExpect = { anonymous: 401, admin: 200, officer: 200, assistant: 403, dept: 403, scholar: 403, student: 403 };
const READ: TExpect = { anonymous: 401, admin: 200, officer: 200, assistant: 200, dept: 403, scholar: 403, student: 403 };
// The matrix runs without a SEVIS certificate: the batch interface answers 409 'not configured'
// (after the batch and, for sending, the SEVIS Permissions were checked: the demo officer is no sender).
const SEND: TExpect = { anonymous: 401, admin: 409, officer: 409, assistant: 403, dept: 403, scholar: 403, student: 403 };
const FETCH: TExpect = { anonymous: 401, admin: 409, officer: 409, assistant: 403, dept: 403, scholar: 403, student: 403 };

type TM = Parameters<TMatrixRow['request']>[0];
const ORG = 'DEM214F00000001';

/** A sent Main Campus batch of one update record and the log SEVIS would return for it. */
async function batchWithLog(m: TM, status: 'pending' | 'sent' = 'sent') {
  const s = await buildStudent(m.t);
  const b = await buildSevisBatch(m.t, {
    orgId: ORG,
    kind: 'student',
    status,
    records: [{ profileId: s.id, requestId: 'm1', kind: 'update' }],
  });
  const xml =
    `<TransactionLog><BatchHeader><BatchID>${b.batchId}</BatchID><OrgID>${ORG}</OrgID></BatchHeader><BatchDetail status="true">` +
    `<Upload resultCode="S0000" dateTimeStamp="2026-11-20T09:00:00.000+00:00"/><Process resultCode="S0000" dateTimeStamp="2026-11-20T10:00:00.000+00:00">` +
    `<RecordCount><Success>1</Success><Failure>0</Failure><Total>1</Total></RecordCount><Record sevisID="${s.sevisId!}" requestID="m1"><ProcessDate>2026-11-20T10:00:00.000+00:00</ProcessDate><Result status="true"/></Record>` +
    '</Process><Download resultCode="S0000"/></BatchDetail></TransactionLog>';
  return { b, xml };
}

async function importedLog(m: TM): Promise<string> {
  const { b } = await batchWithLog(m);
  return (await buildTransactionLog(m.t, b)).id;
}

/** The sevis module's results routes (docs/product/sevis-results.md): transaction logs, System Errors, the batch interface. */
export const SEVIS_RESULTS_MATRIX: TMatrixRow[] = [
  {
    method: 'POST',
    path: '/api/sevis/transaction-logs',
    access: 'sevis.import',
    request: async (m) => {
      const { xml } = await batchWithLog(m);
      const f = fileBody('sevis_transaction_log.xml', xml);
      return { body: f.body, headers: f.headers };
    },
    expect: IMPORT,
  },
  { method: 'GET', path: '/api/sevis/transaction-logs', access: 'sevis.import', request: () => ({ query: { page: 1 } }), expect: IMPORT },
  {
    method: 'GET',
    path: '/api/sevis/transaction-logs/:logId',
    access: 'sevis.import',
    foreignRecord: 404,
    request: async (m) => ({ params: { logId: await importedLog(m) } }),
    expect: IMPORT,
  },
  {
    method: 'GET',
    path: '/api/sevis/system-errors',
    access: 'sevis.read',
    request: () => ({ query: { code: 'S1056', sort: 'student' } }),
    expect: READ,
  },
  { method: 'GET', path: '/api/sevis/transport', access: 'sevis.read', request: () => ({}), expect: READ },
  {
    method: 'POST',
    path: '/api/sevis/batches/:batchRowId/send',
    access: 'sevis.batch',
    foreignRecord: 404,
    request: async (m) => ({ params: { batchRowId: (await batchWithLog(m, 'pending')).b.id } }),
    expect: SEND,
  },
  {
    method: 'POST',
    path: '/api/sevis/batches/:batchRowId/fetch-results',
    access: 'sevis.import',
    foreignRecord: 404,
    request: async (m) => ({ params: { batchRowId: (await batchWithLog(m)).b.id } }),
    expect: FETCH,
  },
];

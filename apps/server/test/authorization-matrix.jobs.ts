import { fileStorage, newStorageKey } from '../src/platform/files/storage.js';
import type { TExpect, TMatrixContext, TMatrixRow } from './authorization-matrix.js';

// A job is its requester's alone: everyone else signed in is told it does not exist.
const REQUESTER_ONLY: TExpect = { anonymous: 401, admin: 200, officer: 404, assistant: 404, dept: 404, scholar: 404, student: 404 };
const SIGNED_IN: TExpect = { anonymous: 401, admin: 200, officer: 200, assistant: 200, dept: 200, scholar: 200, student: 200 };

/** A finished job of institution A's super user, with a produced file. */
async function adminJob(m: TMatrixContext): Promise<string> {
  const key = newStorageKey();
  await fileStorage(m.t.config.dataDir).put(key, Buffer.from('name\nexport\n'));
  const [row] = await m.t.sql<{ id: string }>(
    `insert into background_jobs (institution_id, kind, requested_by, actor, input, status, result, file_key, file_name, file_type, finished_at)
     values ($1, 'test.export', $2, '{}', '{}', 'completed', '{}', $3, 'export.csv', 'text/csv', now()) returning id`,
    [m.t.institutionA, m.ids.admin, key],
  );
  return row!.id;
}

export const JOBS_MATRIX: TMatrixRow[] = [
  {
    method: 'GET',
    path: '/api/jobs/:jobId',
    access: 'authenticated',
    request: async (m) => ({ params: { jobId: await adminJob(m) } }),
    expect: REQUESTER_ONLY,
    foreignRecord: 404,
  },
  { method: 'GET', path: '/api/jobs', access: 'authenticated', request: () => ({ query: { active: 'true' } }), expect: SIGNED_IN },
  {
    method: 'GET',
    path: '/api/jobs/:jobId/file',
    access: 'authenticated',
    request: async (m) => ({ params: { jobId: await adminJob(m) } }),
    expect: REQUESTER_ONLY,
    foreignRecord: 404,
  },
];

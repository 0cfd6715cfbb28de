import { randomBytes } from 'node:crypto';
import type { TExpect, TMatrixContext, TMatrixRow } from './authorization-matrix.js';

// docs/product/lookups.md#who-may-do-what: every signed-in role that fills forms reads the lists; super users and
// officers of every campus site manage them (the demo officer is one of Main Campus only).
const READ: TExpect = { anonymous: 401, admin: 200, officer: 200, assistant: 200, dept: 200, scholar: 200, student: 200 };
const MANAGE: TExpect = { anonymous: 401, admin: 200, officer: 403, assistant: 403, dept: 403, scholar: 403, student: 403 };

/** A fresh value of the office's own in institution A's local majors: a target for one mutating call. */
async function freshValue(m: TMatrixContext, retired = false): Promise<string> {
  const code = `M${randomBytes(4).toString('hex').toUpperCase()}`;
  const { id } = await m.t.sqlOne<{ id: string }>(
    `insert into lookup_values (institution_id, list_id, code, label, attributes, sort_order, active_until)
     select l.institution_id, l.id, $2, 'Matrix major ' || $2, '{"cip":"11.0701"}'::jsonb, 1000, $3::date
     from lookup_lists l where l.institution_id = $1 and l.key = 'local-majors' returning id`,
    [m.t.institutionA, code, retired ? '2020-01-01' : null],
  );
  return id;
}

export const LOOKUPS_MATRIX: TMatrixRow[] = [
  { method: 'GET', path: '/api/lookups', access: 'lookups.read', request: () => ({}), expect: READ },
  { method: 'GET', path: '/api/lookups/:key', access: 'lookups.read', request: () => ({ params: { key: 'us-states' } }), expect: READ },
  {
    method: 'GET',
    path: '/api/lookups/:key/values',
    access: 'lookups.manage',
    request: () => ({ params: { key: 'subject-fields' }, query: { q: 'computer' } }),
    expect: MANAGE,
  },
  {
    method: 'GET',
    path: '/api/lookups/:key/export.csv',
    access: 'lookups.manage',
    request: () => ({ params: { key: 'education-levels' } }),
    expect: MANAGE,
  },
  {
    method: 'POST',
    path: '/api/lookups/:key/values',
    access: 'lookups.manage',
    request: () => {
      const code = `N${randomBytes(4).toString('hex').toUpperCase()}`;
      return { params: { key: 'local-majors' }, body: { code, label: `Matrix ${code}`, attributes: { cip: '11.0701' } } };
    },
    expect: MANAGE,
  },
  {
    method: 'PATCH',
    path: '/api/lookups/:key/values/:valueId',
    access: 'lookups.manage',
    foreignRecord: 404,
    request: async (m) => ({ params: { key: 'local-majors', valueId: await freshValue(m) }, body: { label: 'Matrix relabeled' } }),
    expect: MANAGE,
  },
  {
    method: 'POST',
    path: '/api/lookups/:key/reorder',
    access: 'lookups.manage',
    request: async (m) => ({ params: { key: 'local-majors' }, body: { valueIds: [await freshValue(m), await freshValue(m)] } }),
    expect: MANAGE,
  },
  {
    method: 'POST',
    path: '/api/lookups/:key/values/:valueId/retire',
    access: 'lookups.manage',
    foreignRecord: 404,
    request: async (m) => ({ params: { key: 'local-majors', valueId: await freshValue(m) }, body: {} }),
    expect: MANAGE,
  },
  {
    method: 'POST',
    path: '/api/lookups/:key/values/:valueId/restore',
    access: 'lookups.manage',
    foreignRecord: 404,
    request: async (m) => ({ params: { key: 'local-majors', valueId: await freshValue(m, true) } }),
    expect: MANAGE,
  },
];

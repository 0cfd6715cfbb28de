import type { TExpect, TMatrixContext, TMatrixRow } from './authorization-matrix.js';
import { multipart } from './fixtures/case-fixtures.js';
import { buildStudent, buildUser } from './factories/index.js';

// people.identity-links.manage: super users and officers (docs/product/integrated-user-tool.md#who-may-use-it). The
// targets below are at Main Campus, which both demo callers with the permission reach.
const MANAGE: TExpect = { anonymous: 401, admin: 200, officer: 200, assistant: 403, dept: 403, scholar: 403, student: 403 };

let seq = 0;
const token = () => `mx${process.pid % 1000}${Date.now().toString(36)}${++seq}`;

/** A fresh student account of institution A at Main Campus, with a record of its own when asked. */
async function studentAccount(m: TMatrixContext, withRecord: boolean): Promise<string> {
  const u = await buildUser(m.t, { role: 'ISSSstudent', lastName: token(), campusSiteId: m.sites.MAIN! });
  if (withRecord) await buildStudent(m.t, { user: u.userName, site: 'MAIN', campusId: null });
  return u.id;
}

const csv = () => {
  const { payload, headers } = multipart(
    {},
    { name: 'links.csv', data: Buffer.from(`email,campus_id\r\nnobody.${token()}@example.edu,X1\r\n`) },
  );
  return { body: payload, headers };
};

/** The Integrated User Tool's routes (identity-links module). */
export const IDENTITY_LINKS_MATRIX: TMatrixRow[] = [
  {
    method: 'GET',
    path: '/api/identity-links',
    access: 'people.identity-links.manage',
    request: () => ({ query: { q: 'a' } }),
    expect: MANAGE,
  },
  {
    method: 'GET',
    path: '/api/identity-links/unlinked-records',
    access: 'people.identity-links.manage',
    request: () => ({ query: { kind: 'student', q: 'a' } }),
    expect: MANAGE,
  },
  {
    method: 'PUT',
    path: '/api/identity-links/:userId/external-id',
    access: 'people.identity-links.manage',
    foreignRecord: 404,
    request: async (m) => ({ params: { userId: await studentAccount(m, true) }, body: { externalId: token() } }),
    expect: MANAGE,
  },
  {
    method: 'POST',
    path: '/api/identity-links/:userId/link',
    access: 'people.identity-links.manage',
    foreignRecord: 404,
    request: async (m) => {
      const record = await buildStudent(m.t, { site: 'MAIN' });
      return { params: { userId: await studentAccount(m, false) }, body: { recordId: record.id } };
    },
    expect: MANAGE,
  },
  {
    method: 'POST',
    path: '/api/identity-links/:userId/unlink',
    access: 'people.identity-links.manage',
    foreignRecord: 404,
    request: async (m) => ({ params: { userId: await studentAccount(m, true) } }),
    expect: MANAGE,
  },
  { method: 'POST', path: '/api/identity-links/bulk/preview', access: 'people.identity-links.manage', request: csv, expect: MANAGE },
  // A file with a row that stops it: the caller with the permission is told so (409), nothing is written.
  {
    method: 'POST',
    path: '/api/identity-links/bulk/apply',
    access: 'people.identity-links.manage',
    request: csv,
    expect: { ...MANAGE, admin: 409, officer: 409 },
  },
];

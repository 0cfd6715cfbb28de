import { randomBytes } from 'node:crypto';
import type { TExpect, TMatrixContext, TMatrixRow } from './authorization-matrix.js';

/** Campus sites are managed by super users only (docs/product/people.md#campus-sites). */
const SUPER_ONLY: TExpect = { anonymous: 401, admin: 200, officer: 403, assistant: 403, dept: 403, scholar: 403, student: 403 };

const freshCode = () => `M-${randomBytes(4).toString('hex').toUpperCase()}`;

/** A fresh, unused campus site of institution A: a target for one mutating call. */
async function freshSite(m: TMatrixContext): Promise<string> {
  const code = freshCode();
  const { id } = await m.t.sqlOne<{ id: number }>(
    'insert into campus_sites (institution_id, name, code) values ($1, $2, $3) returning id',
    [m.t.institutionA, `Matrix site ${code}`, code],
  );
  return String(id);
}

export const CAMPUS_SITES_MATRIX: TMatrixRow[] = [
  {
    method: 'GET',
    path: '/api/campus-sites/manage',
    access: 'people.campus-sites.manage',
    request: () => ({}),
    expect: SUPER_ONLY,
  },
  {
    method: 'POST',
    path: '/api/campus-sites',
    access: 'people.campus-sites.manage',
    request: () => {
      const code = freshCode();
      return { body: { name: `Matrix new ${code}`, code } };
    },
    expect: SUPER_ONLY,
  },
  {
    method: 'PUT',
    path: '/api/campus-sites/:siteId',
    access: 'people.campus-sites.manage',
    foreignRecord: 404,
    request: async (m) => {
      const code = freshCode();
      return { params: { siteId: await freshSite(m) }, body: { name: `Matrix renamed ${code}`, code, isActive: false } };
    },
    expect: SUPER_ONLY,
  },
  {
    method: 'DELETE',
    path: '/api/campus-sites/:siteId',
    access: 'people.campus-sites.manage',
    foreignRecord: 404,
    request: async (m) => ({ params: { siteId: await freshSite(m) } }),
    expect: SUPER_ONLY,
  },
];

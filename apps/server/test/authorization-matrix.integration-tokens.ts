import { createHash, randomBytes } from 'node:crypto';
import type { TExpect, TMatrixContext, TMatrixRow } from './authorization-matrix.js';

// Integration Settings: super users and officers (docs/product/integration-tokens.md#who-may-do-what).
const MANAGERS: TExpect = { anonymous: 401, admin: 200, officer: 200, assistant: 403, dept: 403, scholar: 403, student: 403 };

/** A fresh active token of institution A, issued by its super user. */
async function adminToken(m: TMatrixContext): Promise<string> {
  const secret = `mrd_it_${randomBytes(32).toString('base64url')}`;
  const [row] = await m.t.sql<{ id: string }>(
    `insert into integration_tokens (institution_id, name, token_hash, hint, scopes, created_by, expires_at)
     values ($1, $2, $3, $4, array['students:read'], $5, now() + interval '30 days') returning id`,
    [m.t.institutionA, `matrix ${secret.slice(-12)}`, createHash('sha256').update(secret).digest('hex'), secret.slice(-4), m.ids.admin],
  );
  return row!.id;
}

export const INTEGRATION_TOKENS_MATRIX: TMatrixRow[] = [
  { method: 'GET', path: '/api/integration-tokens', access: 'auth.integration-tokens.manage', request: () => ({}), expect: MANAGERS },
  {
    method: 'POST',
    path: '/api/integration-tokens',
    access: 'auth.integration-tokens.manage',
    request: () => ({ body: { name: `matrix ${randomBytes(6).toString('hex')}`, scopes: ['students:read'], expiresInDays: 30 } }),
    expect: MANAGERS,
  },
  {
    method: 'DELETE',
    path: '/api/integration-tokens/:tokenId',
    access: 'auth.integration-tokens.manage',
    request: async (m) => ({ params: { tokenId: await adminToken(m) } }),
    expect: MANAGERS,
    foreignRecord: 404,
  },
  {
    method: 'GET',
    path: '/api/integration-tokens/:tokenId/uses',
    access: 'auth.integration-tokens.manage',
    request: async (m) => ({ params: { tokenId: await adminToken(m) } }),
    expect: MANAGERS,
    foreignRecord: 404,
  },
];

import type { TExpect, TMatrixRow } from './authorization-matrix.js';

const SIGNED_IN = (n: number): TExpect => ({ anonymous: 401, admin: n, officer: n, assistant: n, dept: n, scholar: n, student: n });

/**
 * Two-step sign-in (docs/product/two-step-sign-in.md): each signed-in person manages their own; the
 * second step of signing in is public (it carries its challenge).
 */
export const MFA_MATRIX: TMatrixRow[] = [
  { method: 'GET', path: '/api/auth/mfa', access: 'authenticated', request: () => ({}), expect: SIGNED_IN(200) },
  // A new pending secret: two-step sign-in stays off until a code confirms it.
  { method: 'POST', path: '/api/auth/mfa/totp/start', access: 'authenticated', request: () => ({}), expect: SIGNED_IN(200) },
  // Past the permission, a code that is not the app's is refused on its field.
  {
    method: 'POST',
    path: '/api/auth/mfa/totp/confirm',
    access: 'authenticated',
    request: () => ({ body: { code: '000000' } }),
    expect: SIGNED_IN(400),
  },
  // Nobody of the demo has it on.
  {
    method: 'POST',
    path: '/api/auth/mfa/totp/disable',
    access: 'authenticated',
    request: () => ({ body: { code: '000000' } }),
    expect: SIGNED_IN(409),
  },
  {
    method: 'POST',
    path: '/api/auth/mfa/verify',
    access: 'public',
    request: () => ({ body: { method: 'totp', challenge: 'made-up', code: '000000' } }),
    expect: { anonymous: 400, admin: 400, officer: 400, assistant: 400, dept: 400, scholar: 400, student: 400 },
  },
  { method: 'POST', path: '/api/auth/mfa/passkeys/options', access: 'authenticated', request: () => ({}), expect: SIGNED_IN(200) },
  // Past the permission, an answer no authenticator signed is refused on its field.
  {
    method: 'POST',
    path: '/api/auth/mfa/passkeys',
    access: 'authenticated',
    request: () => ({ body: { name: 'Laptop', response: { id: 'not-a-credential', type: 'public-key' } } }),
    expect: SIGNED_IN(400),
  },
  // Only one's own passkeys can be removed; this one is nobody's.
  {
    method: 'DELETE',
    path: '/api/auth/mfa/passkeys/:passkeyId',
    access: 'authenticated',
    request: () => ({ params: { passkeyId: '00000000-0000-4000-8000-00000000abcd' } }),
    expect: SIGNED_IN(404),
  },
  {
    method: 'POST',
    path: '/api/auth/mfa/passkey-options',
    access: 'public',
    request: () => ({ body: { challenge: 'made-up' } }),
    expect: { anonymous: 400, admin: 400, officer: 400, assistant: 400, dept: 400, scholar: 400, student: 400 },
  },
  // Confirm it's you (docs/product/two-step-sign-in.md#confirm-its-you): nobody of the demo has a second step to give.
  { method: 'POST', path: '/api/auth/mfa/step-up/start', access: 'authenticated', request: () => ({}), expect: SIGNED_IN(409) },
  {
    method: 'POST',
    path: '/api/auth/mfa/step-up',
    access: 'authenticated',
    request: () => ({ body: { method: 'totp', challenge: 'made-up', code: '000000' } }),
    expect: SIGNED_IN(400),
  },
  // The office's policy: read by office staff, changed by super users (kept off: other tests sign staff in with passwords).
  {
    method: 'GET',
    path: '/api/auth/mfa/policy',
    access: 'institutions.settings.read',
    request: () => ({}),
    expect: { anonymous: 401, admin: 200, officer: 200, assistant: 200, dept: 403, scholar: 403, student: 403 },
  },
  {
    method: 'PUT',
    path: '/api/auth/mfa/policy',
    access: 'institutions.settings.update',
    request: () => ({ body: { staffRequired: false } }),
    expect: { anonymous: 401, admin: 200, officer: 403, assistant: 403, dept: 403, scholar: 403, student: 403 },
  },
];

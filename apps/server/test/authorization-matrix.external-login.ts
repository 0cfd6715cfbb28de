import type { TExpect, TMatrixRow } from './authorization-matrix.js';

const SUPER_ONLY = (admin: number): TExpect => ({
  anonymous: 401,
  admin,
  officer: 403,
  assistant: 403,
  dept: 403,
  scholar: 403,
  student: 403,
});
const EVERYONE = (n: number): TExpect => ({ anonymous: n, admin: n, officer: n, assistant: n, dept: n, scholar: n, student: n });

/** Campus web sign-in (docs/product/external-login.md): settings for super users; the sign-in itself is public. */
export const EXTERNAL_LOGIN_MATRIX: TMatrixRow[] = [
  {
    method: 'GET',
    path: '/api/auth/external/config',
    access: 'institutions.settings.update',
    request: () => ({}),
    expect: SUPER_ONLY(200),
  },
  {
    // Saved turned off: the sign-in row below is refused whatever the order the rows run in.
    method: 'PUT',
    path: '/api/auth/external/config',
    access: 'institutions.settings.update',
    request: () => ({
      body: {
        enabled: false,
        algorithm: 'HS256',
        sharedSecret: 'matrix-shared-secret-of-32-characters!',
        issuer: 'https://proxy.demo.test',
        audience: '',
        matchClaim: 'sub',
        allowedRoles: ['ISSSstudent'],
      },
    }),
    expect: SUPER_ONLY(200),
  },
  // Without an AUTHN cookie (and with campus web sign-in off) everyone is refused, signed in or not.
  { method: 'POST', path: '/api/auth/external', access: 'public', request: () => ({ body: {} }), expect: EVERYONE(401) },
];

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

/** Single sign-on (docs/product/single-sign-on.md): settings for super users; the sign-in itself is public. */
export const SSO_MATRIX: TMatrixRow[] = [
  { method: 'GET', path: '/api/auth/sso/config', access: 'institutions.settings.update', request: () => ({}), expect: SUPER_ONLY(200) },
  {
    // The super user passes the permission and is refused on the field: no identity provider answers at this address.
    method: 'PUT',
    path: '/api/auth/sso/config',
    access: 'institutions.settings.update',
    request: () => ({
      body: {
        kind: 'oidc',
        enabled: true,
        issuer: 'http://127.0.0.1:9/',
        clientId: 'matrix',
        clientSecret: 'matrix-secret',
        matchClaim: 'preferred_username',
        allowedRoles: ['ISSSstudent'],
      },
    }),
    expect: SUPER_ONLY(400),
  },
  // Without settings the start sends everyone back to the login page with the reason; a return without a
  // sign-in under way likewise; a made-up code is refused.
  {
    method: 'GET',
    path: '/api/auth/sso/start',
    access: 'public',
    request: () => ({ query: { portal: 'student' } }),
    expect: EVERYONE(302),
  },
  {
    method: 'GET',
    path: '/api/auth/sso/callback',
    access: 'public',
    request: () => ({ query: { state: 'x', code: 'y' } }),
    expect: EVERYONE(302),
  },
  {
    method: 'POST',
    path: '/api/auth/sso/exchange',
    access: 'public',
    request: () => ({ body: { code: 'made-up' } }),
    expect: EVERYONE(400),
  },
  // SAML: the service provider's metadata is public (its key pair was made when the settings were first opened,
  // above); the assertion consumer service and single logout send everyone back to the portal.
  { method: 'GET', path: '/api/auth/saml/metadata', access: 'public', request: () => ({}), expect: EVERYONE(200) },
  {
    method: 'POST',
    path: '/api/auth/saml/acs',
    access: 'public',
    request: () => ({ body: { SAMLResponse: 'bm90IGEgcmVzcG9uc2U=', RelayState: 'student' } }),
    expect: EVERYONE(303),
  },
  {
    method: 'GET',
    path: '/api/auth/saml/logout',
    access: 'public',
    request: () => ({ query: { SAMLResponse: 'eA' } }),
    expect: EVERYONE(302),
  },
];

import { z } from 'zod';
import { MSG } from '../../messages.js';
import { ZForgotEmail, ZPasswordPair } from '../../rules/password.js';
import { ZProcessedState, ZRole, ZStudentStage } from '../../catalog/roles.js';
import { ZStaffPermissions } from '../../permissions.js';
import { defineRoute, ZOk } from '../define.js';
import { ZSsoExchangeInput } from './sso.js';
import { ZMfaChallenge, ZVerifyMfaInput } from './mfa.js';

export const ZPortal = z.enum(['scholar', 'student']);

export const ZLoginInput = z.object({
  userName: z.string({ error: MSG.enterUserName }).trim().min(1, MSG.enterUserName).max(120, MSG.invalidLength),
  password: z.string({ error: MSG.enterPassword }).min(1, MSG.enterPassword).max(1024, MSG.invalidLength),
  portal: ZPortal.default('scholar'),
});
export type TLoginInput = z.infer<typeof ZLoginInput>;

/** The session record the browser keeps (docs/product/auth.md#sessions). */
export const ZSession = z.object({
  type: z.literal('session'),
  tokenType: z.literal('Bearer'),
  accessToken: z.string(),
  refreshToken: z.string(),
  expiresIn: z.number().int(),
  /** Epoch seconds. */
  expireOn: z.number().int(),
  userId: z.uuid(),
  userRole: ZRole,
  clientId: z.string(),
  profileId: z.string().nullable(),
  scholarId: z.string().nullable(),
  scholarApplicationId: z.string().nullable(),
  department: z.string().nullable(),
  processedState: ZProcessedState.nullable(),
  isssRequestId: z.string().nullable(),
  isLoginFromTDS: z.boolean(),
});
export type TSession = z.infer<typeof ZSession>;

export const ZCurrentUser = z.object({
  userId: z.uuid(),
  userName: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  userRole: ZRole,
  accountName: z.string(),
  staff: ZStaffPermissions.nullable(),
  isDepartmentAdmin: z.boolean(),
  department: z.object({ id: z.uuid(), name: z.string() }).nullable(),
  profileId: z.string().nullable(),
  currentStage: ZStudentStage.nullable(),
  scholarId: z.string().nullable(),
  /** The scholar's current case (scholars.currentApplicationId); null for everyone else. */
  scholarApplicationId: z.string().nullable(),
  processedState: ZProcessedState.nullable(),
});
export type TCurrentUser = z.infer<typeof ZCurrentUser>;

export const login = defineRoute({
  method: 'POST',
  path: '/api/auth/login',
  access: 'public',
  tags: ['auth'],
  summary: 'Sign in with user name and password; returns the session, or the second step when two-step sign-in is on',
  body: ZLoginInput,
  response: z.discriminatedUnion('type', [ZSession, ZMfaChallenge]),
});

export const ZRefreshInput = z.object({ refreshToken: z.string().min(1).max(200) });
export const refreshSession = defineRoute({
  method: 'POST',
  path: '/api/auth/refresh',
  access: 'public',
  tags: ['auth'],
  summary: 'Rotate the refresh token and issue a new access token',
  body: ZRefreshInput,
  response: ZSession,
});

export const logout = defineRoute({
  method: 'POST',
  path: '/api/auth/logout',
  access: 'authenticated',
  secondStep: 'open-during-setup',
  tags: ['auth'],
  summary: 'End this session on the server (revokes its refresh tokens)',
  body: z.object({}).optional(),
  /** singleLogoutUrl: where the browser goes next when the session came from SAML single sign-on (the provider's single logout). */
  response: ZOk.extend({ singleLogoutUrl: z.string().optional() }),
});

export const getCurrentUser = defineRoute({
  method: 'GET',
  path: '/api/auth/me',
  access: 'authenticated',
  secondStep: 'open-during-setup',
  tags: ['auth'],
  summary: 'The signed-in user, role, landing data and staff permissions',
  response: ZCurrentUser,
});

export const ZForgotPasswordInput = z.object({ email: ZForgotEmail, portal: ZPortal.default('scholar') });
export const forgotPassword = defineRoute({
  method: 'POST',
  path: '/api/auth/forgot-password',
  access: 'public',
  tags: ['auth'],
  summary: 'E-mail a password reset link; answers the same whether or not the account exists',
  body: ZForgotPasswordInput,
  response: z.object({ message: z.string() }),
});

export const ZPasswordLinkToken = z.object({ token: z.string().min(10).max(200) });
export const ZPasswordLinkInfo = z.object({
  valid: z.boolean(),
  purpose: z.enum(['reset', 'invite']).nullable(),
  userName: z.string().nullable(),
  userRole: ZRole.nullable(),
});
export type TPasswordLinkInfo = z.infer<typeof ZPasswordLinkInfo>;
export const inspectPasswordLink = defineRoute({
  method: 'POST',
  path: '/api/auth/password-links/inspect',
  access: 'public',
  tags: ['auth'],
  summary: 'Tell whether a reset or invitation link is still valid (changes nothing)',
  body: ZPasswordLinkToken,
  response: ZPasswordLinkInfo,
});

export const ZUsePasswordLinkInput = z.intersection(ZPasswordLinkToken, ZPasswordPair);
export const usePasswordLink = defineRoute({
  method: 'POST',
  path: '/api/auth/password-links/use',
  access: 'public',
  tags: ['auth'],
  summary: 'Set a new password through a reset or invitation link (single use)',
  body: ZUsePasswordLinkInput,
  response: z.object({ message: z.string() }),
});

export const ZRequestSignInLinkInput = ZLoginInput.pick({ userName: true, portal: true });
export const requestSignInLink = defineRoute({
  method: 'POST',
  path: '/api/auth/sign-in-links',
  access: 'public',
  tags: ['auth'],
  summary:
    'E-mail a one-time sign-in link to the owner of an account whose sign-ins are being slowed down; answers the same whatever the account',
  body: ZRequestSignInLinkInput,
  response: z.object({ message: z.string() }),
});

export const signInWithLink = defineRoute({
  method: 'POST',
  path: '/api/auth/sign-in-links/use',
  access: 'public',
  tags: ['auth'],
  summary: 'Sign in through an e-mailed sign-in link (single use); returns the session, or the second step when the account has one',
  body: ZPasswordLinkToken,
  response: z.discriminatedUnion('type', [ZSession, ZMfaChallenge]),
});

export * from './integration-tokens.js';
export * from './sso.js';

export const exchangeSso = defineRoute({
  method: 'POST',
  path: '/api/auth/sso/exchange',
  access: 'public',
  tags: ['auth'],
  summary: 'Trade the one-time code of a completed single sign-on for a session',
  body: ZSsoExchangeInput,
  response: z.object({ session: z.discriminatedUnion('type', [ZSession, ZMfaChallenge]), returnTo: z.string().nullable() }),
});
export * from './mfa.js';
export * from './external.js';

/**
 * fetchLoginAuth (docs/product/external-login.md#how-it-works): the AUTHN cookie's token for a session. A POST
 * with a JSON body, not a GET: it opens a session and uses the token up
 * (docs/decisions/038-external-login-trusts-a-signed-cookie.md).
 */
export const externalLogin = defineRoute({
  method: 'POST',
  path: '/api/auth/external',
  access: 'public',
  tags: ['auth'],
  summary: 'Sign in with the token the campus web-SSO proxy set in the AUTHN cookie (once); the cookie is cleared',
  body: z.object({}),
  response: z.object({ session: z.discriminatedUnion('type', [ZSession, ZMfaChallenge]) }),
});

export const verifyMfa = defineRoute({
  method: 'POST',
  path: '/api/auth/mfa/verify',
  access: 'public',
  tags: ['auth'],
  summary: 'The second step of signing in: the code from the authenticator app (or a recovery code) for a session',
  body: ZVerifyMfaInput,
  response: ZSession,
});

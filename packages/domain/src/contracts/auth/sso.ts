import { z } from 'zod';
import { ZRole } from '../../catalog/roles.js';
import { defineRoute } from '../define.js';

/**
 * Campus single sign-on (docs/product/single-sign-on.md): the institution's identity provider signs
 * people in; Meridian links the provider's immutable identifier to an existing account.
 */

export const MSG_SSO = {
  notConfigured: 'Single sign-on is not set up for this portal. Sign in with your user name and password.',
  notLinked: 'Your campus sign-in worked, but no account here is linked to it. Ask the international office to set up your account.',
  failed: 'Single sign-on did not complete. Try again, or sign in with your user name and password.',
  expired: 'This sign-in took too long or was already used. Start again.',
  issuerRequired: "Enter the identity provider's address (its issuer URL).",
  issuerHttps: 'The identity provider must be reached over https.',
  clientIdRequired: 'Enter the client ID the identity provider gave this portal.',
  clientSecretRequired: 'Enter the client secret the identity provider gave this portal.',
  matchClaim: 'Name the claim that identifies a person (letters, digits, _ : . -).',
  notByEmail:
    'Accounts are never matched by e-mail address alone: choose an identifier that does not change, such as eduPersonPrincipalName or an employee ID.',
  rolesRequired: 'Choose at least one kind of account that may sign in this way.',
  discoveryFailed: 'The identity provider could not be reached at this address, or it did not describe itself.',
} as const;

/** Accounts that may sign in through the campus identity provider, by role. */
export const SSO_ROLES = ['ISSSstudent', 'scholar', 'department', 'isssAdmin'] as const;
const ZSsoRole = ZRole.refine((r) => (SSO_ROLES as readonly string[]).includes(r));

const isLoopback = (u: URL) => ['localhost', '127.0.0.1', '[::1]'].includes(u.hostname);

export const ZSaveSsoConfigInput = z.object({
  enabled: z.boolean(),
  issuer: z
    .string({ error: MSG_SSO.issuerRequired })
    .trim()
    .min(1, MSG_SSO.issuerRequired)
    .max(500)
    .refine((v) => /^https?:\/\//i.test(v) && URL.canParse(v), MSG_SSO.issuerRequired)
    .refine((v) => {
      if (!URL.canParse(v)) return true;
      const u = new URL(v);
      return u.protocol === 'https:' || (u.protocol === 'http:' && isLoopback(u));
    }, MSG_SSO.issuerHttps),
  clientId: z.string({ error: MSG_SSO.clientIdRequired }).trim().min(1, MSG_SSO.clientIdRequired).max(300),
  /** Blank keeps the secret already saved; it is never sent back. */
  clientSecret: z.string().max(500).default(''),
  scopes: z.string().trim().max(300).default('openid profile email'),
  matchClaim: z
    .string({ error: MSG_SSO.matchClaim })
    .trim()
    .regex(/^[A-Za-z0-9_:.-]{1,100}$/, MSG_SSO.matchClaim)
    .refine((c) => !['email', 'mail', 'upn_email'].includes(c.toLowerCase()), MSG_SSO.notByEmail),
  allowedRoles: z.array(ZSsoRole).min(1, MSG_SSO.rolesRequired),
});
export type TSaveSsoConfigInput = z.infer<typeof ZSaveSsoConfigInput>;

export const ZSsoConfig = z.object({
  enabled: z.boolean(),
  kind: z.literal('oidc'),
  issuer: z.string(),
  clientId: z.string(),
  hasClientSecret: z.boolean(),
  scopes: z.string(),
  matchClaim: z.string(),
  allowedRoles: z.array(ZRole),
  /** The address to register at the identity provider as this portal's redirect URI. */
  redirectUri: z.string(),
  updatedAt: z.string().nullable(),
});
export type TSsoConfig = z.infer<typeof ZSsoConfig>;

export const getSsoConfig = defineRoute({
  method: 'GET',
  path: '/api/auth/sso/config',
  access: 'institutions.settings.update',
  tags: ['auth'],
  summary: "The institution's single sign-on (OpenID Connect) settings; the client secret is never returned",
  response: ZSsoConfig,
});

export const saveSsoConfig = defineRoute({
  method: 'PUT',
  path: '/api/auth/sso/config',
  access: 'institutions.settings.update',
  tags: ['auth'],
  summary: "Save the single sign-on settings; the identity provider's discovery document is fetched and checked first",
  body: ZSaveSsoConfigInput,
  response: ZSsoConfig,
});

export const ZSsoStartQuery = z.object({
  portal: z.enum(['scholar', 'student']).default('scholar'),
  /** Where to go after signing in: a path of this portal's own pages (#/…), nothing else. */
  returnTo: z
    .string()
    .max(500)
    .regex(/^\/[A-Za-z0-9/_\-.:;=,%?&]*$/)
    .optional()
    .catch(undefined),
});

export const startSso = defineRoute({
  method: 'GET',
  path: '/api/auth/sso/start',
  access: 'public',
  tags: ['auth'],
  summary: 'Start signing in at the campus identity provider (redirects there)',
  query: ZSsoStartQuery,
  response: z.unknown(),
});

export const ssoCallback = defineRoute({
  method: 'GET',
  path: '/api/auth/sso/callback',
  access: 'public',
  tags: ['auth'],
  summary: "The identity provider's return: checks its answer and hands the browser a one-time code (redirects to the portal)",
  response: z.unknown(),
});

export const ZSsoExchangeInput = z.object({ code: z.string().min(1).max(200) });

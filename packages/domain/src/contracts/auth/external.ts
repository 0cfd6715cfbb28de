import { z } from 'zod';
import { ZRole } from '../../catalog/roles.js';
import { defineRoute } from '../define.js';
import { SSO_ROLES } from './sso.js';

/**
 * Campus web sign-in (docs/product/external-login.md): a campus web-SSO proxy (Apache mod_shib or
 * mod_auth_cas, Azure App Proxy, F5) signs the person in, sets the AUTHN cookie to a short-lived token it
 * signed, and sends the browser to #/external; the portal checks the token and opens a session.
 */

/** The cookie the campus proxy sets (docs/product/external-login.md#the-token). */
export const EXTERNAL_LOGIN_COOKIE = 'AUTHN';
/** A token older than this (by its iat) is refused, whatever its exp says. */
export const EXTERNAL_LOGIN_MAX_AGE_S = 300;
/** How far the proxy's clock may be from the portal's. */
export const EXTERNAL_LOGIN_CLOCK_SKEW_S = 60;
/** How long #/external shows why the sign-in failed before the login page (docs/product/external-login.md#messages). */
export const EXTERNAL_LOGIN_SNACKBAR_MS = 1000;

export const MSG_EXTERNAL_LOGIN = {
  // Why a sign-in was refused (the answer's message, the snackbar and the login page).
  off: 'Campus web sign-in is not turned on for this portal. Sign in with your user name and password.',
  noCookie: 'Your campus sign-in did not reach this portal. Sign in through the campus sign-in page again.',
  invalid: 'Your campus sign-in could not be checked. Sign in through the campus sign-in page again.',
  expired: 'Your campus sign-in has expired. Sign in through the campus sign-in page again.',
  used: 'This campus sign-in was already used. Sign in through the campus sign-in page again.',
  notLinked: 'Your campus sign-in worked, but no account here is linked to it. Ask the international office to set up your account.',
  notAllowed: 'Your account here cannot be opened through the campus sign-in. Ask the international office for help.',
  /** A call that did not come from the portal's own page (docs/decisions/038-external-login-trusts-a-signed-cookie.md). */
  crossSite: "Campus web sign-in works only from this portal's own page.",
  // The settings page.
  saved: 'The campus web sign-in settings were saved.',
  secretRequired: 'Enter the shared secret the campus proxy signs with.',
  secretTooShort: 'The shared secret must be at least 32 characters long.',
  publicKeyRequired: "Paste the campus proxy's public key (PEM, starting with -----BEGIN PUBLIC KEY-----).",
  publicKeyInvalid: 'This is not a public key of the chosen kind. Paste it in PEM form, starting with -----BEGIN PUBLIC KEY-----.',
  issuerRequired: 'Enter the issuer the campus proxy writes in its tokens (the iss claim).',
  audience: 'Enter the audience as the campus proxy writes it (the aud claim), or leave blank for the portal address.',
  matchClaim: 'Name the claim that identifies a person (letters, digits, _ : . -).',
  notByEmail:
    'Accounts are never matched by e-mail address alone: choose an identifier that does not change, such as sub, eduPersonPrincipalName or an employee ID.',
  rolesRequired: 'Choose at least one kind of account that may sign in this way.',
} as const;

/** Why a campus web sign-in was refused; the login page says it (#/login?external=<problem>). */
export const EXTERNAL_LOGIN_PROBLEMS = ['off', 'noCookie', 'invalid', 'expired', 'used', 'notLinked', 'notAllowed'] as const;
export type TExternalLoginProblem = (typeof EXTERNAL_LOGIN_PROBLEMS)[number];
/** The error code of each refusal. */
export const EXTERNAL_LOGIN_CODES: Record<TExternalLoginProblem, string> = {
  off: 'EXTERNAL_LOGIN_OFF',
  noCookie: 'EXTERNAL_LOGIN_NO_COOKIE',
  invalid: 'EXTERNAL_LOGIN_INVALID',
  expired: 'EXTERNAL_LOGIN_EXPIRED',
  used: 'EXTERNAL_LOGIN_USED',
  notLinked: 'EXTERNAL_LOGIN_NOT_LINKED',
  notAllowed: 'EXTERNAL_LOGIN_NOT_ALLOWED',
};
/** The problem an error code names (null: not a refusal of campus web sign-in). */
export function externalLoginProblemOf(code: string | null | undefined): TExternalLoginProblem | null {
  return EXTERNAL_LOGIN_PROBLEMS.find((p) => EXTERNAL_LOGIN_CODES[p] === code) ?? null;
}

/** How the campus proxy signs: a shared secret (HS256) or its private key (RS256, ES256 P-256). */
export const EXTERNAL_LOGIN_ALGORITHMS = ['HS256', 'RS256', 'ES256'] as const;
/** Accounts that may sign in through the campus proxy, by role: the same kinds as single sign-on. */
export const EXTERNAL_LOGIN_ROLES = SSO_ROLES;
const ZExternalLoginRole = ZRole.refine((r) => (EXTERNAL_LOGIN_ROLES as readonly string[]).includes(r));

export const ZSaveExternalLoginConfigInput = z.object({
  enabled: z.boolean(),
  algorithm: z.enum(EXTERNAL_LOGIN_ALGORITHMS),
  /** HS256: blank keeps the secret already saved; it is never sent back. */
  sharedSecret: z
    .string()
    .max(500)
    .default('')
    .refine((v) => v.trim() === '' || v.trim().length >= 32, MSG_EXTERNAL_LOGIN.secretTooShort),
  /** RS256 / ES256: the proxy's public key, PEM (SubjectPublicKeyInfo). */
  publicKey: z.string().max(10_000).default(''),
  issuer: z
    .string({ error: MSG_EXTERNAL_LOGIN.issuerRequired })
    .trim()
    .min(1, MSG_EXTERNAL_LOGIN.issuerRequired)
    .max(300, MSG_EXTERNAL_LOGIN.issuerRequired),
  /** Blank: the portal's address (Site Settings). */
  audience: z.string().trim().max(300, MSG_EXTERNAL_LOGIN.audience).default(''),
  matchClaim: z
    .string({ error: MSG_EXTERNAL_LOGIN.matchClaim })
    .trim()
    .regex(/^[A-Za-z0-9_:.-]{1,100}$/, MSG_EXTERNAL_LOGIN.matchClaim)
    .refine((c) => !['email', 'mail', 'upn_email', 'emailaddress'].includes(c.toLowerCase()), MSG_EXTERNAL_LOGIN.notByEmail),
  allowedRoles: z.array(ZExternalLoginRole).min(1, MSG_EXTERNAL_LOGIN.rolesRequired),
});
export type TSaveExternalLoginConfigInput = z.infer<typeof ZSaveExternalLoginConfigInput>;

export const ZExternalLoginConfig = z.object({
  enabled: z.boolean(),
  algorithm: z.enum(EXTERNAL_LOGIN_ALGORITHMS),
  hasSharedSecret: z.boolean(),
  publicKey: z.string(),
  issuer: z.string(),
  audience: z.string(),
  /** The audience tokens must name: the one set, else the portal's address. */
  expectedAudience: z.string(),
  matchClaim: z.string(),
  allowedRoles: z.array(ZRole),
  /** Where the proxy sends the browser once it set the cookie. */
  landingUrl: z.string(),
  updatedAt: z.string().nullable(),
});
export type TExternalLoginConfig = z.infer<typeof ZExternalLoginConfig>;

export const getExternalLoginConfig = defineRoute({
  method: 'GET',
  path: '/api/auth/external/config',
  access: 'institutions.settings.update',
  tags: ['auth'],
  summary: "The institution's campus web sign-in settings; the shared secret is never returned",
  response: ZExternalLoginConfig,
});

export const saveExternalLoginConfig = defineRoute({
  method: 'PUT',
  path: '/api/auth/external/config',
  access: 'institutions.settings.update',
  tags: ['auth'],
  summary: "Save the campus web sign-in settings (the proxy's shared secret or public key, issuer, audience, who may sign in)",
  body: ZSaveExternalLoginConfigInput,
  response: ZExternalLoginConfig,
});

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
  attributeName: 'Name the attribute as the identity provider sends it (letters, digits and _ : . / # -).',
  metadataUrl: "Enter the address of the identity provider's metadata.",
  metadataRequired: "Give the identity provider's metadata: its address, or the file itself.",
  metadataTooLarge: 'This metadata is too large (at most 500 KB).',
  metadataInvalid:
    'This is not SAML metadata of an identity provider: it needs an entity ID, a single sign-on address and a signing certificate.',
  metadataUnreachable: 'The metadata could not be read from this address.',
  samlRefused:
    'Single sign-on did not complete: the campus sign-in could not be verified. Try again, or sign in with your user name and password.',
  passwordOff: 'Sign in with your campus account: this portal does not take passwords for your kind of account.',
} as const;

/** Accounts that may sign in through the campus identity provider, by role. */
export const SSO_ROLES = ['ISSSstudent', 'scholar', 'department', 'isssAdmin'] as const;
const ZSsoRole = ZRole.refine((r) => (SSO_ROLES as readonly string[]).includes(r));

const isLoopback = (u: URL) => ['localhost', '127.0.0.1', '[::1]'].includes(u.hostname);

/** How a SAML assertion's attributes map to an account (names or OIDs as the provider sends them). */
export const SAML_DEFAULT_ATTRIBUTES = {
  match: 'urn:oid:1.3.6.1.4.1.5923.1.1.1.6',
  mail: 'urn:oid:0.9.2342.19200300.100.1.3',
  givenName: 'urn:oid:2.5.4.42',
  sn: 'urn:oid:2.5.4.4',
  affiliation: 'urn:oid:1.3.6.1.4.1.5923.1.1.1.1',
} as const;

const ZAttributeName = z
  .string({ error: MSG_SSO.attributeName })
  .trim()
  .regex(/^[A-Za-z0-9_:./#-]{1,200}$/, MSG_SSO.attributeName);

const ZCommonSso = {
  enabled: z.boolean(),
  allowedRoles: z.array(ZSsoRole).min(1, MSG_SSO.rolesRequired),
  /** An unknown person signing in gets an office-staff account with no permissions (off by default). */
  jitEnabled: z.boolean().default(false),
  /** Kinds of accounts that may no longer sign in with a local password. */
  passwordOffRoles: z.array(ZSsoRole).default([]),
};

const ZHttpsOrLoopback = (required: string) =>
  z
    .string({ error: required })
    .trim()
    .min(1, required)
    .max(500)
    .refine((v) => /^https?:\/\//i.test(v) && URL.canParse(v), required)
    .refine((v) => {
      if (!URL.canParse(v)) return true;
      const u = new URL(v);
      return u.protocol === 'https:' || (u.protocol === 'http:' && isLoopback(u));
    }, MSG_SSO.issuerHttps);

export const ZSaveOidcConfigInput = z.object({
  ...ZCommonSso,
  kind: z.literal('oidc'),
  issuer: ZHttpsOrLoopback(MSG_SSO.issuerRequired),
  clientId: z.string({ error: MSG_SSO.clientIdRequired }).trim().min(1, MSG_SSO.clientIdRequired).max(300),
  /** Blank keeps the secret already saved; it is never sent back. */
  clientSecret: z.string().max(500).default(''),
  scopes: z.string().trim().max(300).default('openid profile email'),
  matchClaim: z
    .string({ error: MSG_SSO.matchClaim })
    .trim()
    .regex(/^[A-Za-z0-9_:.-]{1,100}$/, MSG_SSO.matchClaim)
    .refine((c) => !['email', 'mail', 'upn_email'].includes(c.toLowerCase()), MSG_SSO.notByEmail),
});

const MAIL_ATTRIBUTES = ['mail', 'email', 'emailaddress', 'urn:oid:0.9.2342.19200300.100.1.3'];

export const ZSaveSamlConfigInput = z.object({
  ...ZCommonSso,
  kind: z.literal('saml'),
  /** Where the provider publishes its metadata (read again every day, so a new signing certificate is picked up). */
  idpMetadataUrl: z.union([z.literal(''), ZHttpsOrLoopback(MSG_SSO.metadataUrl)]).default(''),
  /** The provider's metadata pasted or uploaded; blank keeps what was read before. */
  idpMetadataXml: z.string().max(500_000, MSG_SSO.metadataTooLarge).default(''),
  wantEncrypted: z.boolean().default(false),
  idpInitiated: z.boolean().default(false),
  attributes: z.object({
    match: ZAttributeName.refine((a) => !MAIL_ATTRIBUTES.includes(a.toLowerCase()) && !/emailaddress$/i.test(a), MSG_SSO.notByEmail),
    mail: ZAttributeName,
    givenName: ZAttributeName,
    sn: ZAttributeName,
    affiliation: ZAttributeName,
  }),
});

export const ZSaveSsoConfigInput = z.discriminatedUnion('kind', [ZSaveOidcConfigInput, ZSaveSamlConfigInput]);
export type TSaveSsoConfigInput = z.input<typeof ZSaveSsoConfigInput>;
export type TSaveOidcConfigInput = z.infer<typeof ZSaveOidcConfigInput>;
export type TSaveSamlConfigInput = z.infer<typeof ZSaveSamlConfigInput>;

export const ZSsoConfig = z.object({
  enabled: z.boolean(),
  kind: z.enum(['oidc', 'saml']),
  issuer: z.string(),
  clientId: z.string(),
  hasClientSecret: z.boolean(),
  scopes: z.string(),
  matchClaim: z.string(),
  allowedRoles: z.array(ZRole),
  jitEnabled: z.boolean(),
  passwordOffRoles: z.array(ZRole),
  /** The address to register at the identity provider as this portal's redirect URI. */
  redirectUri: z.string(),
  saml: z.object({
    /** This portal as a SAML service provider: its entity ID, metadata address and assertion consumer service. */
    spEntityId: z.string(),
    spMetadataUrl: z.string(),
    acsUrl: z.string(),
    sloUrl: z.string(),
    idpEntityId: z.string(),
    idpSsoUrl: z.string(),
    idpSloUrl: z.string(),
    idpMetadataUrl: z.string(),
    /** The provider's signing certificates trusted now: subject and expiry of each. */
    idpCertificates: z.array(z.object({ subject: z.string(), notAfter: z.string(), fingerprint: z.string() })),
    wantEncrypted: z.boolean(),
    idpInitiated: z.boolean(),
    attributes: z.object({ match: z.string(), mail: z.string(), givenName: z.string(), sn: z.string(), affiliation: z.string() }),
  }),
  updatedAt: z.string().nullable(),
});
export type TSsoConfig = z.infer<typeof ZSsoConfig>;

export const getSsoConfig = defineRoute({
  method: 'GET',
  path: '/api/auth/sso/config',
  access: 'institutions.settings.update',
  tags: ['auth'],
  summary: "The institution's single sign-on settings (OpenID Connect or SAML 2.0); secrets and private keys are never returned",
  response: ZSsoConfig,
});

export const saveSsoConfig = defineRoute({
  method: 'PUT',
  path: '/api/auth/sso/config',
  access: 'institutions.settings.update',
  tags: ['auth'],
  summary: "Save the single sign-on settings; the identity provider's discovery document or SAML metadata is read and checked first",
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

export const samlMetadata = defineRoute({
  method: 'GET',
  path: '/api/auth/saml/metadata',
  access: 'public',
  tags: ['auth'],
  summary:
    "This portal's SAML 2.0 service provider metadata (entity ID, assertion consumer service, certificate) for the campus identity provider",
  response: z.unknown(),
});

export const samlAcs = defineRoute({
  method: 'POST',
  path: '/api/auth/saml/acs',
  access: 'public',
  tags: ['auth'],
  summary:
    "The SAML assertion consumer service: checks the identity provider's signed response and hands the browser a one-time code (redirects)",
  response: z.unknown(),
});

export const samlLogout = defineRoute({
  method: 'GET',
  path: '/api/auth/saml/logout',
  access: 'public',
  tags: ['auth'],
  summary: "Single logout: the identity provider's logout request or response, then on to the institution's logout address (redirects)",
  response: z.unknown(),
});

import { bigint, boolean, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { institutions } from '../../platform/tenancy/schema.js';
import { users } from '../people/schema.js';

/** A sign-in; its refresh tokens form one family. Revoking it ends the session everywhere. */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    institutionId: uuid('institution_id')
      .notNull()
      .references(() => institutions.id),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }).notNull().defaultNow(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revokedReason: text('revoked_reason'),
    ip: text('ip'),
    userAgent: text('user_agent'),
    /** When this session last gave a second step (docs/product/two-step-sign-in.md#confirm-its-you); null: never. */
    secondStepAt: timestamp('second_step_at', { withTimezone: true }),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

/** Opaque rotating refresh tokens, stored as SHA-256 hashes. */
export const refreshTokens = pgTable('refresh_tokens', {
  id: uuid('id').primaryKey().defaultRandom(),
  institutionId: uuid('institution_id')
    .notNull()
    .references(() => institutions.id),
  sessionId: uuid('session_id')
    .notNull()
    .references(() => sessions.id),
  tokenHash: text('token_hash').notNull().unique(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
});

/** Reset and invitation links: hashed, single use, short-lived, bound to one user and purpose. */
export const passwordLinks = pgTable('password_links', {
  id: uuid('id').primaryKey().defaultRandom(),
  institutionId: uuid('institution_id')
    .notNull()
    .references(() => institutions.id),
  userId: uuid('user_id')
    .notNull()
    .references(() => users.id),
  tokenHash: text('token_hash').notNull().unique(),
  purpose: text('purpose').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
});

/** Failed sign-in counters per account and per address, for slowing down guessing. */
export const loginThrottle = pgTable(
  'login_throttle',
  {
    institutionId: uuid('institution_id')
      .notNull()
      .references(() => institutions.id),
    key: text('key').notNull(),
    failures: integer('failures').notNull().default(0),
    windowStart: timestamp('window_start', { withTimezone: true }).notNull().defaultNow(),
    lastFailureAt: timestamp('last_failure_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.institutionId, t.key] })],
);

/**
 * Integration tokens (docs/product/integration-tokens.md): a campus system's key, acting for its issuer
 * within its scopes. Only the secret's SHA-256 hash is kept; window_* count calls per minute for the limit.
 */
export const integrationTokens = pgTable('integration_tokens', {
  id: uuid('id').primaryKey().defaultRandom(),
  institutionId: uuid('institution_id')
    .notNull()
    .references(() => institutions.id),
  name: text('name').notNull(),
  tokenHash: text('token_hash').notNull().unique(),
  hint: text('hint').notNull(),
  scopes: text('scopes').array().notNull(),
  createdBy: uuid('created_by')
    .notNull()
    .references(() => users.id),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  revokedAt: timestamp('revoked_at', { withTimezone: true }),
  revokedBy: uuid('revoked_by').references(() => users.id),
  lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  lastUsedIp: text('last_used_ip'),
  useCount: bigint('use_count', { mode: 'number' }).notNull().default(0),
  windowStart: timestamp('window_start', { withTimezone: true }).notNull().defaultNow(),
  windowCount: integer('window_count').notNull().default(0),
});

/** The institution's campus identity provider (OpenID Connect); the client secret is sealed. */
export const ssoConfigs = pgTable('sso_configs', {
  institutionId: uuid('institution_id')
    .primaryKey()
    .references(() => institutions.id),
  enabled: boolean('enabled').notNull().default(false),
  kind: text('kind').notNull().default('oidc'),
  issuer: text('issuer').notNull(),
  clientId: text('client_id').notNull(),
  clientSecretSealed: text('client_secret_sealed').notNull(),
  scopes: text('scopes').notNull().default('openid profile email'),
  matchClaim: text('match_claim').notNull(),
  allowedRoles: text('allowed_roles').array().notNull(),
  /** SAML: the identity provider from its metadata; every signing certificate it publishes is trusted (rollover). */
  samlIdpEntityId: text('saml_idp_entity_id').notNull().default(''),
  samlIdpSsoUrl: text('saml_idp_sso_url').notNull().default(''),
  samlIdpSloUrl: text('saml_idp_slo_url').notNull().default(''),
  samlIdpCerts: text('saml_idp_certs').array().notNull().default([]),
  samlIdpMetadataUrl: text('saml_idp_metadata_url').notNull().default(''),
  /** This portal's key pair for the institution: the private key sealed, the certificate published in its metadata. */
  samlSpKeySealed: text('saml_sp_key_sealed').notNull().default(''),
  samlSpCert: text('saml_sp_cert').notNull().default(''),
  samlWantEncrypted: boolean('saml_want_encrypted').notNull().default(false),
  samlIdpInitiated: boolean('saml_idp_initiated').notNull().default(false),
  samlAttributes: jsonb('saml_attributes').$type<Record<string, string>>().notNull().default({}),
  /** Accounts created on first sign-in (office staff with no permissions), for either kind of provider. */
  jitEnabled: boolean('jit_enabled').notNull().default(false),
  /** Kinds of accounts that may not sign in with a local password (they use single sign-on). */
  passwordOffRoles: text('password_off_roles').array().notNull().default([]),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  updatedBy: uuid('updated_by').references(() => users.id),
});

/** Single sign-ons under way: what the return must match, then the one-time code the browser trades for a session. */
export const ssoLogins = pgTable(
  'sso_logins',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    institutionId: uuid('institution_id')
      .notNull()
      .references(() => institutions.id),
    stateHash: text('state_hash').notNull().unique(),
    codeVerifier: text('code_verifier').notNull(),
    nonce: text('nonce').notNull(),
    portal: text('portal').notNull(),
    returnTo: text('return_to'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    returnedAt: timestamp('returned_at', { withTimezone: true }),
    userId: uuid('user_id').references(() => users.id),
    handoffHash: text('handoff_hash').unique(),
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
    /** How the provider says the person proved who they are (OIDC amr), e.g. ['pwd', 'mfa']. */
    amr: text('amr').array(),
    kind: text('kind').notNull().default('oidc'),
    /** SAML: the subject and session the identity provider named, for single logout. */
    nameId: text('name_id'),
    sessionIndex: text('session_index'),
    /** The portal session this sign-in opened (ended at the provider too when it ends here). */
    sessionId: uuid('session_id'),
  },
  (t) => [index('sso_logins_created_idx').on(t.institutionId, t.createdAt)],
);

/** A person's two-step sign-in: the authenticator app's secret (sealed) and the last time step used (a code works once). */
export const userMfa = pgTable('user_mfa', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id),
  institutionId: uuid('institution_id')
    .notNull()
    .references(() => institutions.id),
  totpSecretSealed: text('totp_secret_sealed'),
  pendingSecretSealed: text('pending_secret_sealed'),
  enabledAt: timestamp('enabled_at', { withTimezone: true }),
  lastStep: bigint('last_step', { mode: 'number' }).notNull().default(0),
  /** The challenge a passkey being registered must sign. */
  passkeyChallenge: text('passkey_challenge'),
});

/** The institution's two-step sign-in policy (docs/product/two-step-sign-in.md#required-for-office-staff); no row: nothing required. */
export const twoStepPolicies = pgTable('two_step_policies', {
  institutionId: uuid('institution_id')
    .primaryKey()
    .references(() => institutions.id),
  staffRequired: boolean('staff_required').notNull().default(false),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  updatedBy: uuid('updated_by').references(() => users.id),
});

/** Single-use recovery codes, hashed. */
export const mfaRecoveryCodes = pgTable(
  'mfa_recovery_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    institutionId: uuid('institution_id')
      .notNull()
      .references(() => institutions.id),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('mfa_recovery_codes_user_idx').on(t.userId)],
);

/** Second steps under way: after a right password, five minutes and five tries for the code. */
export const mfaChallenges = pgTable('mfa_challenges', {
  id: uuid('id').primaryKey().defaultRandom(),
  institutionId: uuid('institution_id')
    .notNull()
    .references(() => institutions.id),
  userId: uuid('user_id')
    .notNull()
    .references(() => users.id),
  challengeHash: text('challenge_hash').notNull().unique(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  attempts: integer('attempts').notNull().default(0),
  usedAt: timestamp('used_at', { withTimezone: true }),
  /** The challenge a passkey must sign for this second step. */
  passkeyChallenge: text('passkey_challenge'),
});

/** Passkeys (WebAuthn credentials) a person registered as their second step. */
export const webauthnCredentials = pgTable(
  'webauthn_credentials',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    institutionId: uuid('institution_id')
      .notNull()
      .references(() => institutions.id),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    credentialId: text('credential_id').notNull().unique(),
    publicKey: text('public_key').notNull(),
    counter: bigint('counter', { mode: 'number' }).notNull().default(0),
    transports: text('transports').array().notNull().default([]),
    name: text('name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  },
  (t) => [index('webauthn_credentials_user_idx').on(t.userId)],
);

/** SAML assertions already used, kept until they expire: the same assertion posted again is refused. */
export const samlAssertionsSeen = pgTable(
  'saml_assertions_seen',
  {
    institutionId: uuid('institution_id')
      .notNull()
      .references(() => institutions.id),
    assertionId: text('assertion_id').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ name: 'saml_assertions_seen_pk', columns: [t.institutionId, t.assertionId] })],
);

/** Campus web sign-in settings (docs/product/external-login.md#settings): how the campus proxy's tokens are checked. */
export const externalLoginConfigs = pgTable('external_login_configs', {
  institutionId: uuid('institution_id')
    .primaryKey()
    .references(() => institutions.id),
  enabled: boolean('enabled').notNull().default(false),
  /** HS256 (shared secret), RS256 or ES256 (the proxy's public key). */
  algorithm: text('algorithm').notNull().default('HS256'),
  sharedSecretSealed: text('shared_secret_sealed'),
  publicKey: text('public_key'),
  issuer: text('issuer').notNull(),
  /** Blank: the portal's address. */
  audience: text('audience').notNull().default(''),
  matchClaim: text('match_claim').notNull().default('sub'),
  allowedRoles: text('allowed_roles').array().notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  updatedBy: uuid('updated_by').references(() => users.id),
});

/** Campus proxy tokens already used (by hash of their jti, else of the token), kept until they expire: each works once. */
export const externalLoginUses = pgTable(
  'external_login_uses',
  {
    institutionId: uuid('institution_id')
      .notNull()
      .references(() => institutions.id),
    tokenHash: text('token_hash').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    usedAt: timestamp('used_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ name: 'external_login_uses_pk', columns: [t.institutionId, t.tokenHash] }),
    index('external_login_uses_expires_idx').on(t.institutionId, t.expiresAt),
  ],
);

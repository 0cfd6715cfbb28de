import { eq } from 'drizzle-orm';
import { authApi } from '@meridian/domain';
import type { TTx } from '../../../platform/db/database.js';
import type { TokenService } from '../../../platform/auth/tokens.js';
import { loadSettings } from '../../institutions/index.js';
import { ssoConfigs } from '../schema.js';
import { certificateInfo, spUrls } from './saml.js';

export const SEAL_PURPOSE = 'sso-client-secret';
export const SP_KEY_PURPOSE = 'saml-sp-key';

/** The institution's portal address (Site Settings), without a trailing slash. */
export async function portalBase(tx: TTx, institutionId: string): Promise<string> {
  return (await loadSettings(tx, institutionId)).publicBaseUrl.replace(/\/+$/, '');
}

/** This portal's redirect URI, from the institution's configured address (never the request's Host). */
export async function redirectUri(tx: TTx, institutionId: string): Promise<string> {
  return `${await portalBase(tx, institutionId)}/api/auth/sso/callback`;
}

export type TSsoRow = typeof ssoConfigs.$inferSelect;

/** The columns an institution's settings row needs before either kind of provider is set up. */
export const EMPTY_SSO_ROW = {
  issuer: '',
  clientId: '',
  clientSecretSealed: '',
  matchClaim: 'preferred_username',
  allowedRoles: ['ISSSstudent', 'scholar'],
};

export async function loadSsoRow(tx: TTx): Promise<TSsoRow | null> {
  const [row] = await tx.select().from(ssoConfigs).limit(1);
  return row ?? null;
}

export async function loadSsoRowFor(tx: TTx, institutionId: string): Promise<TSsoRow | null> {
  const [row] = await tx.select().from(ssoConfigs).where(eq(ssoConfigs.institutionId, institutionId));
  return row ?? null;
}

const DEFAULT_ATTRIBUTES = { ...authApi.SAML_DEFAULT_ATTRIBUTES };

/** The settings as the admin page shows them: never a secret or a private key. */
export function presentSso(row: TSsoRow | null, base: string): authApi.TSsoConfig {
  const sp = spUrls(base);
  return {
    enabled: row?.enabled ?? false,
    kind: row?.kind === 'saml' ? 'saml' : 'oidc',
    issuer: row?.issuer ?? '',
    clientId: row?.clientId ?? '',
    hasClientSecret: !!row?.clientSecretSealed,
    scopes: row?.scopes ?? 'openid profile email',
    matchClaim: row?.matchClaim ?? 'preferred_username',
    allowedRoles: (row?.allowedRoles ?? ['ISSSstudent', 'scholar']) as authApi.TSsoConfig['allowedRoles'],
    jitEnabled: row?.jitEnabled ?? false,
    passwordOffRoles: (row?.passwordOffRoles ?? []) as authApi.TSsoConfig['passwordOffRoles'],
    redirectUri: `${base}/api/auth/sso/callback`,
    saml: {
      spEntityId: sp.entityId,
      spMetadataUrl: sp.entityId,
      acsUrl: sp.acsUrl,
      sloUrl: sp.sloUrl,
      idpEntityId: row?.samlIdpEntityId ?? '',
      idpSsoUrl: row?.samlIdpSsoUrl ?? '',
      idpSloUrl: row?.samlIdpSloUrl ?? '',
      idpMetadataUrl: row?.samlIdpMetadataUrl ?? '',
      idpCertificates: (row?.samlIdpCerts ?? []).flatMap((c) => certificateInfo(c) ?? []),
      wantEncrypted: row?.samlWantEncrypted ?? false,
      idpInitiated: row?.samlIdpInitiated ?? false,
      attributes: { ...DEFAULT_ATTRIBUTES, ...(row?.samlAttributes ?? {}) },
    },
    updatedAt: row ? row.updatedAt.toISOString() : null,
  };
}

export function clientOf(tokens: TokenService, row: TSsoRow): { issuer: string; clientId: string; clientSecret: string } | null {
  const clientSecret = tokens.unseal(SEAL_PURPOSE, row.clientSecretSealed);
  return clientSecret === null ? null : { issuer: row.issuer, clientId: row.clientId, clientSecret };
}

/** Whether this kind of account must use single sign-on: only while single sign-on is on, so nobody is locked out. */
export async function passwordSignInOff(tx: TTx, role: string): Promise<boolean> {
  const row = await loadSsoRow(tx);
  return !!row?.enabled && row.passwordOffRoles.includes(role);
}

import { eq } from 'drizzle-orm';
import type { authApi } from '@meridian/domain';
import type { TTx } from '../../../platform/db/database.js';
import type { TokenService } from '../../../platform/auth/tokens.js';
import { loadSettings } from '../../institutions/index.js';
import { ssoConfigs } from '../schema.js';

export const SEAL_PURPOSE = 'sso-client-secret';

/** This portal's redirect URI, from the institution's configured address (never the request's Host). */
export async function redirectUri(tx: TTx, institutionId: string): Promise<string> {
  const base = (await loadSettings(tx, institutionId)).publicBaseUrl.replace(/\/+$/, '');
  return `${base}/api/auth/sso/callback`;
}

export type TSsoRow = typeof ssoConfigs.$inferSelect;

export async function loadSsoRow(tx: TTx): Promise<TSsoRow | null> {
  const [row] = await tx.select().from(ssoConfigs).limit(1);
  return row ?? null;
}

export async function loadSsoRowFor(tx: TTx, institutionId: string): Promise<TSsoRow | null> {
  const [row] = await tx.select().from(ssoConfigs).where(eq(ssoConfigs.institutionId, institutionId));
  return row ?? null;
}

/** The settings as the admin page shows them: never the secret. */
export function presentSso(row: TSsoRow | null, redirect: string): authApi.TSsoConfig {
  return {
    enabled: row?.enabled ?? false,
    kind: 'oidc',
    issuer: row?.issuer ?? '',
    clientId: row?.clientId ?? '',
    hasClientSecret: !!row?.clientSecretSealed,
    scopes: row?.scopes ?? 'openid profile email',
    matchClaim: row?.matchClaim ?? 'preferred_username',
    allowedRoles: (row?.allowedRoles ?? ['ISSSstudent', 'scholar']) as authApi.TSsoConfig['allowedRoles'],
    redirectUri: redirect,
    updatedAt: row ? row.updatedAt.toISOString() : null,
  };
}

export function clientOf(tokens: TokenService, row: TSsoRow): { issuer: string; clientId: string; clientSecret: string } | null {
  const clientSecret = tokens.unseal(SEAL_PURPOSE, row.clientSecretSealed);
  return clientSecret === null ? null : { issuer: row.issuer, clientId: row.clientId, clientSecret };
}

import { authApi } from '@meridian/domain';
import type { TTx } from '../../../platform/db/database.js';
import type { TokenService } from '../../../platform/auth/tokens.js';
import { loadSettings } from '../../institutions/index.js';
import { externalLoginConfigs } from '../schema.js';

export const SEAL_PURPOSE = 'external-login-secret';

export type TExternalLoginRow = typeof externalLoginConfigs.$inferSelect;
export type TAlgorithm = (typeof authApi.EXTERNAL_LOGIN_ALGORITHMS)[number];

/** The institution's campus web sign-in settings (one row; the tenant's row-level security picks it). */
export async function loadExternalLoginRow(tx: TTx): Promise<TExternalLoginRow | null> {
  const [row] = await tx.select().from(externalLoginConfigs).limit(1);
  return row ?? null;
}

/** The portal's address (Site Settings), without a trailing slash: never the request's Host. */
export async function portalAddress(tx: TTx, institutionId: string): Promise<string> {
  return (await loadSettings(tx, institutionId)).publicBaseUrl.replace(/\/+$/, '');
}

/** The audiences a token may name: the one set, else the portal's address (with or without its final slash). */
export function expectedAudiences(row: Pick<TExternalLoginRow, 'audience'>, base: string): string[] {
  return row.audience ? [row.audience] : [base, `${base}/`];
}

export const algorithmOf = (row: Pick<TExternalLoginRow, 'algorithm'>): TAlgorithm =>
  (authApi.EXTERNAL_LOGIN_ALGORITHMS as readonly string[]).includes(row.algorithm) ? (row.algorithm as TAlgorithm) : 'HS256';

/** The settings as the admin page shows them: never the shared secret, only whether one is saved. */
export function presentExternalLogin(row: TExternalLoginRow | null, base: string): authApi.TExternalLoginConfig {
  return {
    enabled: row?.enabled ?? false,
    algorithm: row ? algorithmOf(row) : 'HS256',
    hasSharedSecret: !!row?.sharedSecretSealed,
    publicKey: row?.publicKey ?? '',
    issuer: row?.issuer ?? '',
    audience: row?.audience ?? '',
    expectedAudience: row?.audience || base,
    matchClaim: row?.matchClaim ?? 'sub',
    allowedRoles: (row?.allowedRoles ?? ['ISSSstudent', 'scholar']) as authApi.TExternalLoginConfig['allowedRoles'],
    landingUrl: `${base}/#/external`,
    updatedAt: row ? row.updatedAt.toISOString() : null,
  };
}

/** The shared secret saved for HS256, unsealed; null when none (or it was altered). */
export function sharedSecretOf(tokens: TokenService, row: Pick<TExternalLoginRow, 'sharedSecretSealed'>): string | null {
  return row.sharedSecretSealed ? tokens.unseal(SEAL_PURPOSE, row.sharedSecretSealed) : null;
}

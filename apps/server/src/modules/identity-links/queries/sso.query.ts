import { authApi, type identityLinksApi as A } from '@meridian/domain';
import type { TTx } from '../../../platform/db/database.js';
import { ssoConfigs } from '../../auth/schema.js';

/** What an account's single sign-on identity depends on: the office's provider, on, and the kinds it signs in. */
export interface TSsoFacts {
  provider: 'oidc' | 'saml';
  claim: string;
  roles: readonly string[];
}

/**
 * The institution's single sign-on as the tool shows it (docs/product/single-sign-on.md): the claim (OpenID
 * Connect) or attribute (SAML) whose value must equal an account's user name; null when single sign-on is off.
 */
export async function ssoFactsQuery(tx: TTx): Promise<TSsoFacts | null> {
  const [row] = await tx
    .select({
      enabled: ssoConfigs.enabled,
      kind: ssoConfigs.kind,
      matchClaim: ssoConfigs.matchClaim,
      roles: ssoConfigs.allowedRoles,
      attributes: ssoConfigs.samlAttributes,
    })
    .from(ssoConfigs)
    .limit(1);
  if (!row?.enabled) return null;
  if (row.kind === 'saml')
    return { provider: 'saml', claim: row.attributes.match || authApi.SAML_DEFAULT_ATTRIBUTES.match, roles: row.roles };
  return { provider: 'oidc', claim: row.matchClaim, roles: row.roles };
}

/** An account's identity at the provider, read only: single sign-on finds the account by its user name. */
export function ssoIdentityOf(sso: TSsoFacts | null, account: { role: string; userName: string }): A.TIdentityLinkRow['sso'] {
  if (!sso || !sso.roles.includes(account.role)) return null;
  return { provider: sso.provider, claim: sso.claim, identifier: account.userName };
}

import { and, eq, lt, ne } from 'drizzle-orm';
import { writeAudit } from '../../platform/audit/audit.js';
import type { TServices } from '../../platform/http/context.js';
import type { TDailyJob } from '../../platform/jobs/runner.js';
import { externalLoginUses, loginThrottle, samlAssertionsSeen, ssoConfigs, ssoLogins } from './schema.js';
import { parseIdpMetadata } from './sso/saml.js';
import { fetchMetadata } from './sso/operations/save-sso-config.js';
import { FORGET_AFTER_S } from './throttle.js';

/**
 * Sign-in failure counters a day old count for nothing any more (docs/decisions/020-sign-in-throttling.md):
 * they are deleted each day, so the table does not keep every user name ever guessed, nor addresses.
 */
export async function purgeStaleThrottleRows(services: TServices): Promise<number> {
  const cutoff = new Date(Date.now() - FORGET_AFTER_S * 1000);
  const gone = await services.database.owner
    .delete(loginThrottle)
    .where(and(lt(loginThrottle.lastFailureAt, cutoff), lt(loginThrottle.windowStart, cutoff)))
    .returning({ key: loginThrottle.key });
  return gone.length;
}

/** Campus proxy tokens already used are kept only until they expire (docs/product/external-login.md). */
export async function purgeUsedExternalTokens(services: TServices): Promise<number> {
  const gone = await services.database.owner
    .delete(externalLoginUses)
    .where(lt(externalLoginUses.expiresAt, new Date()))
    .returning({ h: externalLoginUses.tokenHash });
  return gone.length;
}

/** The auth module's daily work. */
export const authDailyJobs = (services: TServices): TDailyJob[] => [
  { name: 'sign-in-counters', run: () => purgeStaleThrottleRows(services) },
  { name: 'saml-metadata', run: () => refreshSamlMetadata(services) },
  { name: 'external-login-uses', run: () => purgeUsedExternalTokens(services) },
];

/**
 * SAML identity providers whose metadata comes from an address are read again each day, so a signing
 * certificate the provider adds (a rollover) is trusted, and one it drops stops being trusted, without
 * an administrator (docs/product/single-sign-on.md#saml-20). Metadata that cannot be read or is not valid
 * changes nothing. Sign-ins under way older than 30 days and expired assertion IDs are deleted.
 */
export async function refreshSamlMetadata(services: TServices): Promise<number> {
  const db = services.database.owner;
  await db.delete(ssoLogins).where(lt(ssoLogins.createdAt, new Date(Date.now() - 30 * 86_400_000)));
  await db.delete(samlAssertionsSeen).where(lt(samlAssertionsSeen.expiresAt, new Date()));
  const rows = await db
    .select()
    .from(ssoConfigs)
    .where(and(eq(ssoConfigs.kind, 'saml'), ne(ssoConfigs.samlIdpMetadataUrl, '')));
  let changed = 0;
  for (const row of rows) {
    const xml = await fetchMetadata(row.samlIdpMetadataUrl);
    const idp = xml ? parseIdpMetadata(xml) : null;
    if (!idp || idp.entityId !== row.samlIdpEntityId) continue;
    const same =
      idp.ssoUrl === row.samlIdpSsoUrl &&
      idp.sloUrl === row.samlIdpSloUrl &&
      idp.certs.length === row.samlIdpCerts.length &&
      idp.certs.every((c) => row.samlIdpCerts.includes(c));
    if (same) continue;
    await db.transaction(async (tx) => {
      await tx
        .update(ssoConfigs)
        .set({ samlIdpSsoUrl: idp.ssoUrl, samlIdpSloUrl: idp.sloUrl, samlIdpCerts: idp.certs })
        .where(eq(ssoConfigs.institutionId, row.institutionId));
      await writeAudit(tx, {
        institutionId: row.institutionId,
        actorUserId: null,
        entityType: 'institution',
        entityId: row.institutionId,
        action: 'sso.metadata.refreshed',
        before: { certificates: row.samlIdpCerts.length, ssoUrl: row.samlIdpSsoUrl },
        after: { certificates: idp.certs.length, ssoUrl: idp.ssoUrl },
      });
    });
    changed++;
  }
  return changed;
}

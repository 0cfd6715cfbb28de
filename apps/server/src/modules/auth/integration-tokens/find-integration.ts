import { eq, sql } from 'drizzle-orm';
import { authApi, ZStaffPermissions, type TRole } from '@meridian/domain';
import { writeAudit } from '../../../platform/audit/audit.js';
import { hashToken } from '../../../platform/auth/tokens.js';
import type { TDatabase } from '../../../platform/db/database.js';
import { AppError, forbidden } from '../../../platform/errors/app-error.js';
import type { TIntegrationLookup } from '../../../platform/http/context.js';
import { users } from '../../people/index.js';

type TUsed = { id: string; name: string; scopes: string[]; created_by: string; window_count: number; window_start: string };

/**
 * The actor behind an integration token (docs/product/integration-tokens.md): the staff member who issued
 * it, as they are today (an issuer signed off or deactivated takes the token with them), narrowed to its
 * scopes. Every call counts against the token's per-minute limit and is recorded in the audit trail, refused
 * or not, in the same transaction that finds the token.
 */
export function integrationLookup(database: TDatabase): TIntegrationLookup {
  return async (secret, institutionId, call, ip) => {
    const verdict = await database.tenant(institutionId, async (tx) => {
      const used = (
        await tx.execute(sql`
          update integration_tokens set
            window_count = case when window_start > now() - interval '1 minute' then window_count + 1 else 1 end,
            window_start = case when window_start > now() - interval '1 minute' then window_start else now() end,
            last_used_at = now(), last_used_ip = ${ip}, use_count = use_count + 1
          where token_hash = ${hashToken(secret)} and revoked_at is null and expires_at > now()
          returning id, name, scopes, created_by, window_count, window_start::text`)
      ).rows[0] as TUsed | undefined;
      if (!used) return null;
      const [issuer] = await tx.select().from(users).where(eq(users.id, used.created_by));
      if (!issuer?.isActive || issuer.role !== 'isssAdmin') return null;
      const limited = used.window_count > authApi.INTEGRATION_CALLS_PER_MINUTE;
      const refused = limited ? 'too many calls' : authApi.scopesAllow(used.scopes, call) ? null : 'outside its scopes';
      // Past the limit only the first refused call of the minute is recorded: a runaway client cannot flood the trail.
      if (!limited || used.window_count === authApi.INTEGRATION_CALLS_PER_MINUTE + 1)
        await writeAudit(tx, {
          institutionId,
          actorUserId: issuer.id,
          entityType: 'integration_token',
          entityId: used.id,
          action: 'integration_token.used',
          after: { call: `${call.method} ${call.path}`, token: used.name, ...(refused ? { refused } : {}) },
          ip,
        });
      return { used, issuer, limited, refused };
    });
    if (!verdict) return null;
    const { used, issuer, limited, refused } = verdict;
    if (limited) {
      const retryAfter = Math.max(1, 60 - Math.floor((Date.now() - Date.parse(used.window_start)) / 1000));
      throw new AppError(429, 'RATE_LIMITED', authApi.MSG_INTEGRATION.tooManyCalls, undefined, { 'Retry-After': String(retryAfter) });
    }
    if (refused) throw forbidden(authApi.MSG_INTEGRATION.outsideScope, 'OUTSIDE_SCOPE');
    return {
      userId: issuer.id,
      sessionId: used.id,
      role: issuer.role as TRole,
      staff: ZStaffPermissions.parse(issuer.staffPermissions ?? {}),
      isDepartmentAdmin: false,
      departmentId: null,
      integration: { tokenId: used.id, name: used.name, scopes: used.scopes },
    };
  };
}

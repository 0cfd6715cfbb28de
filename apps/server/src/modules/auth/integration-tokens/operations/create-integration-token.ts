import { sql } from 'drizzle-orm';
import { authApi } from '@meridian/domain';
import { writeAudit } from '../../../../platform/audit/audit.js';
import { hashToken, randomToken } from '../../../../platform/auth/tokens.js';
import { fieldError } from '../../../../platform/errors/app-error.js';
import { requireActor, type TContext } from '../../../../platform/http/context.js';
import { selectTokens } from '../presenter.js';

const UNIQUE_VIOLATION = '23505';

/**
 * Creates a token for a campus system. Nobody can give a token access they do not have themselves; the
 * secret is returned this once and only its hash is kept.
 */
export async function createIntegrationToken(
  ctx: TContext,
  input: authApi.TCreateIntegrationTokenInput,
): Promise<{ token: authApi.TIntegrationToken; secret: string }> {
  const actor = requireActor(ctx);
  const scopes = [...new Set(input.scopes)];
  if (authApi.firstScopeNotHeld(actor, scopes)) throw fieldError('scopes', authApi.MSG_INTEGRATION.scopeNotHeld, 403);
  const secret = authApi.INTEGRATION_TOKEN_PREFIX + randomToken(32);
  try {
    return await ctx.db(async (tx) => {
      const taken = await tx.execute(
        sql`select 1 from integration_tokens where lower(name) = lower(${input.name}) and revoked_at is null limit 1`,
      );
      if (taken.rows.length) throw fieldError('name', authApi.MSG_INTEGRATION.nameTaken, 409);
      const [row] = (
        await tx.execute(sql`
          insert into integration_tokens (institution_id, name, token_hash, hint, scopes, created_by, expires_at)
          values (${ctx.institutionId}, ${input.name}, ${hashToken(secret)}, ${secret.slice(-4)},
                  array(select jsonb_array_elements_text(${JSON.stringify(scopes)}::jsonb)), ${actor.userId},
                  now() + make_interval(days => ${input.expiresInDays}))
          returning id`)
      ).rows as { id: string }[];
      await writeAudit(tx, {
        institutionId: ctx.institutionId,
        actorUserId: actor.userId,
        entityType: 'integration_token',
        entityId: row!.id,
        action: 'integration_token.created',
        after: { name: input.name, scopes, expiresInDays: input.expiresInDays },
        ip: ctx.ip,
      });
      const [token] = await selectTokens(tx, row!.id);
      return { token: token!, secret };
    });
  } catch (e) {
    // Two admins naming a token alike at the same moment: the unique index decides.
    if ((e as { code?: string }).code === UNIQUE_VIOLATION || (e as { cause?: { code?: string } }).cause?.code === UNIQUE_VIOLATION)
      throw fieldError('name', authApi.MSG_INTEGRATION.nameTaken, 409);
    throw e;
  }
}

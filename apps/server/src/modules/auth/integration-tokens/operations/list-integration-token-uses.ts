import { sql } from 'drizzle-orm';
import type { authApi } from '@meridian/domain';
import { notFound } from '../../../../platform/errors/app-error.js';
import type { TContext } from '../../../../platform/http/context.js';

/** A token's calls from the audit trail, newest first: what it called, from where, and whether it was refused. */
export function listIntegrationTokenUses(
  ctx: TContext,
  tokenId: string,
  limit: number,
): Promise<{ items: authApi.TIntegrationTokenUse[] }> {
  return ctx.db(async (tx) => {
    const found = await tx.execute(sql`select 1 from integration_tokens where id = ${tokenId}`);
    if (!found.rows.length) throw notFound();
    const rows = (
      await tx.execute(sql`
        select id::text, at::text, after->>'call' as call, ip, after->>'refused' as refused
        from audit_events
        where entity_type = 'integration_token' and entity_id = ${tokenId} and action = 'integration_token.used'
        order by at desc, id desc
        limit ${limit}`)
    ).rows as { id: string; at: string; call: string; ip: string | null; refused: string | null }[];
    return { items: rows.map((r) => ({ id: r.id, at: new Date(r.at).toISOString(), call: r.call, ip: r.ip, refused: r.refused })) };
  });
}

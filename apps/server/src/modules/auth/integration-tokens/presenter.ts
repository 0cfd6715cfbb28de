import { sql } from 'drizzle-orm';
import type { authApi } from '@meridian/domain';
import type { TTx } from '../../../platform/db/database.js';

type TRow = {
  id: string;
  name: string;
  scopes: string[];
  hint: string;
  created_at: string;
  created_by_name: string;
  expires_at: string;
  last_used_at: string | null;
  last_used_ip: string | null;
  use_count: string | number;
  revoked_at: string | null;
  revoked_by_name: string | null;
  expired: boolean;
};

const iso = (v: string | null) => (v === null ? null : new Date(v).toISOString());

/** The institution's tokens as the settings page shows them (one when id is given), never their hashes. */
export async function selectTokens(tx: TTx, id?: string): Promise<authApi.TIntegrationToken[]> {
  const rows = (
    await tx.execute(sql`
      select t.id, t.name, t.scopes, t.hint, t.created_at::text, t.expires_at::text, t.last_used_at::text, t.last_used_ip,
             t.use_count, t.revoked_at::text, t.expires_at <= now() as expired,
             trim(c.first_name || ' ' || c.last_name) as created_by_name,
             case when r.id is null then null else trim(r.first_name || ' ' || r.last_name) end as revoked_by_name
      from integration_tokens t
      join users c on c.id = t.created_by
      left join users r on r.id = t.revoked_by
      where ${id ? sql`t.id = ${id}` : sql`true`}
      order by t.created_at desc, t.id
      limit 500`)
  ).rows as TRow[];
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    scopes: r.scopes as authApi.TIntegrationScope[],
    hint: r.hint,
    status: r.revoked_at ? 'revoked' : r.expired ? 'expired' : 'active',
    createdAt: iso(r.created_at)!,
    createdBy: r.created_by_name,
    expiresAt: iso(r.expires_at)!,
    lastUsedAt: iso(r.last_used_at),
    lastUsedIp: r.last_used_ip,
    useCount: Number(r.use_count),
    revokedAt: iso(r.revoked_at),
    revokedBy: r.revoked_by_name,
  }));
}

import { and, asc, count, desc, eq, ilike, inArray, sql } from 'drizzle-orm';
import type { sevisApi } from '@meridian/domain';
import type { TTx } from '../../../../platform/db/database.js';
import type { TAuthenticatedActor } from '../../../../platform/http/context.js';
import { campusSites, users } from '../../../people/index.js';
import { sevisBatches as b, sevisSettings as s } from '../../schema.js';
import { batchSites } from './batch-pending.query.js';
import type { TSenderScopes } from '../batch-senders.js';

type TQuery = {
  page: number;
  pageSize: number;
  status?: sevisApi.TSevisBatchStatus | undefined;
  kind?: 'student' | 'ev' | undefined;
  settingsId?: string | undefined;
  q?: string | undefined;
  sort: string;
  order: 'asc' | 'desc';
};
/** One row of Batch Manager's select. */
export type TBatchListRow = Awaited<ReturnType<typeof selectBatches>>[number];

function selectBatches(tx: TTx) {
  return tx
    .select({
      b,
      siteName: campusSites.name,
      siteId: s.campusSiteId,
      programKind: s.programKind,
      firstName: users.firstName,
      lastName: users.lastName,
    })
    .from(b)
    .innerJoin(s, eq(s.id, b.settingsId))
    .innerJoin(campusSites, eq(campusSites.id, s.campusSiteId))
    .leftJoin(users, eq(users.id, b.createdBy));
}

/** A batch as Batch Manager shows it, with whether the caller may send it. */
export function presentBatch(r: TBatchListRow, senders: TSenderScopes): sevisApi.TSevisBatch {
  return {
    id: r.b.id,
    batchId: r.b.batchId,
    orgId: r.b.orgId,
    kind: r.b.kind as 'student' | 'ev',
    campusSiteName: r.siteName,
    status: r.b.status as sevisApi.TSevisBatchStatus,
    recordCount: r.b.recordCount,
    sevisUserId: r.b.sevisUserId,
    resultCode: r.b.resultCode,
    resultMessage: r.b.resultMessage,
    sentVia: r.b.sentVia,
    createdByName: r.firstName ? `${r.firstName} ${r.lastName ?? ''}`.trim() : 'Nightly batching',
    createdAt: r.b.createdAt.toISOString(),
    sentAt: r.b.sentAt?.toISOString() ?? null,
    completedAt: r.b.completedAt?.toISOString() ?? null,
    canSend: r.b.status === 'pending' && senders.has(r.siteId, r.programKind),
  };
}

/** One batch row of a site the actor batches, or undefined. */
export async function batchRow(tx: TTx, actor: TAuthenticatedActor, batchRowId: string): Promise<TBatchListRow | undefined> {
  const sites = await batchSites(tx, actor);
  const [row] = await selectBatches(tx).where(eq(b.id, batchRowId));
  return row && sites.includes(row.siteId) ? row : undefined;
}

/** One page of the batches of the actor's sites, filtered and sorted on the server. */
export async function listBatchRows(tx: TTx, actor: TAuthenticatedActor, q: TQuery) {
  const sites = await batchSites(tx, actor);
  const term = q.q ? `%${q.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
  const where = and(
    sites.length ? inArray(s.campusSiteId, sites) : sql`false`,
    q.status ? eq(b.status, q.status) : undefined,
    q.kind ? eq(b.kind, q.kind) : undefined,
    q.settingsId ? eq(b.settingsId, q.settingsId) : undefined,
    term ? ilike(b.batchId, term) : undefined,
  );
  const [{ total }] = (await tx.select({ total: count() }).from(b).innerJoin(s, eq(s.id, b.settingsId)).where(where)) as [
    { total: number },
  ];
  const col = q.sort === 'batchId' ? b.batchId : q.sort === 'status' ? b.status : b.createdAt;
  const rows = await selectBatches(tx)
    .where(where)
    .orderBy(q.order === 'asc' ? asc(col) : desc(col), desc(b.createdAt), asc(b.id))
    .limit(q.pageSize)
    .offset((q.page - 1) * q.pageSize);
  return { total, rows };
}

import type { identityLinksApi as A } from '@meridian/domain';
import { requireActor, type TContext } from '../../../platform/http/context.js';
import { presentAccount } from '../identity-link.presenter.js';
import { listAccountsQuery } from '../queries/accounts.query.js';
import { unlinkedRecordsQuery } from '../queries/records.query.js';
import { ssoFactsQuery } from '../queries/sso.query.js';

/** The Integrated User Tool's list: student and scholar accounts in the caller's reach, one keyset page. */
export function listIdentityLinks(ctx: TContext, q: A.TListIdentityLinksFilters): Promise<A.TIdentityLinkPage> {
  const actor = requireActor(ctx);
  return ctx.db(async (tx) => {
    const page = await listAccountsQuery(tx, actor, q);
    const sso = await ssoFactsQuery(tx);
    return {
      items: page.rows.map((r) => presentAccount(r, sso)),
      total: page.total,
      totalCapped: page.totalCapped,
      page: q.page,
      pageSize: q.pageSize,
      next: page.next,
      prev: page.prev,
    };
  });
}

/** Records without an account the caller may link an account to (the Link dialog's search). */
export function listUnlinkedRecords(ctx: TContext, q: A.TUnlinkedRecordsFilters): Promise<{ items: A.TUnlinkedRecord[] }> {
  const actor = requireActor(ctx);
  return ctx.db(async (tx) => {
    const rows = await unlinkedRecordsQuery(tx, actor, ctx.institutionId, q);
    return {
      items: rows.map((r) => ({
        id: r.id,
        name: [r.firstName, r.lastName].filter(Boolean).join(' ') || '(no name)',
        email: r.email,
        externalId: r.externalId,
        placeName: r.placeName,
      })),
    };
  });
}

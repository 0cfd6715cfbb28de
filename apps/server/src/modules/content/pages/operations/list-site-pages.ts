import type { contentApi } from '@meridian/domain';
import { asc } from 'drizzle-orm';
import type { TContext } from '../../../../platform/http/context.js';
import { sitePages } from '../../schema.js';
import { loadPage, presentPage, presentSummary } from '../site-page-store.js';

/** Every page of the office, in its order (the list is short: read whole). */
export async function listSitePages(ctx: TContext): Promise<contentApi.TSitePageList> {
  return ctx.db(async (tx) => {
    const rows = await tx.select().from(sitePages).orderBy(asc(sitePages.ordinal), asc(sitePages.createdAt));
    return { items: rows.map(presentSummary) };
  });
}

/** One page with its draft and what is published. */
export async function getSitePage(ctx: TContext, id: string): Promise<contentApi.TSitePage> {
  return ctx.db(async (tx) => presentPage(tx, await loadPage(tx, id)));
}

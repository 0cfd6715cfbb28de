import { scholarVisaFamily, type contentApi } from '@meridian/domain';
import { and, arrayContains, asc, eq, isNotNull, or, sql, type SQL } from 'drizzle-orm';
import type { TTx } from '../../../../platform/db/database.js';
import { AppError, notFound } from '../../../../platform/errors/app-error.js';
import { requireActor, type TContext } from '../../../../platform/http/context.js';
import { getOwnCurrentCase } from '../../../scholars/index.js';
import { getOwnProfile } from '../../../students/index.js';
import { sitePages } from '../../schema.js';

/** The reader as a page's audience sees them: a student's stage and visa type, a scholar's visa type family. */
type TReader = { audience: 'students'; stage: string; visaType: string } | { audience: 'scholars'; visaType: string };

const isNotFound = (e: unknown) => e instanceof AppError && e.statusCode === 404;

/** Who the signed-in reader is to the pages, or null when they have no record (yet) to match pages on. */
async function readerOf(tx: TTx, ctx: TContext): Promise<TReader | null> {
  const actor = requireActor(ctx);
  if (actor.role === 'ISSSstudent') {
    const profile = await getOwnProfile(tx, ctx).catch((e: unknown) => {
      if (isNotFound(e)) return null;
      throw e;
    });
    return profile ? { audience: 'students', stage: profile.currentStage, visaType: profile.visaType } : null;
  }
  // A scholar before their first case still reads the pages meant for every scholar.
  const own = await getOwnCurrentCase(tx, ctx).catch((e: unknown) => {
    if (isNotFound(e)) return null;
    throw e;
  });
  const family = own ? scholarVisaFamily(own.c.processedState || own.scholar.processedState, own.c.proposedStatus) : '';
  return { audience: 'scholars', visaType: family };
}

/** An empty list of the page means every one; otherwise the reader's value must be in it. */
const matches = (column: typeof sitePages.stages | typeof sitePages.visaTypes, value: string): SQL =>
  value ? (or(sql`cardinality(${column}) = 0`, arrayContains(column, [value])) as SQL) : sql`cardinality(${column}) = 0`;

/** The published pages meant for this reader (docs/product/site-pages.md#who-sees-a-page). */
function forReader(r: TReader): SQL {
  const parts = [eq(sitePages.audience, r.audience), isNotNull(sitePages.publishedAt), matches(sitePages.visaTypes, r.visaType)];
  if (r.audience === 'students') parts.push(matches(sitePages.stages, r.stage));
  return and(...parts) as SQL;
}

/** The signed-in student's or scholar's pages: published titles and addresses, in the office's order. */
export async function listMySitePages(ctx: TContext): Promise<contentApi.TMySitePages> {
  return ctx.db(async (tx) => {
    const reader = await readerOf(tx, ctx);
    if (!reader) return { items: [] };
    const rows = await tx
      .select({ slug: sitePages.slug, title: sitePages.publishedTitle })
      .from(sitePages)
      .where(forReader(reader))
      .orderBy(asc(sitePages.ordinal), asc(sitePages.createdAt));
    return { items: rows.map((r) => ({ slug: r.slug, title: r.title ?? '' })) };
  });
}

/** One published page meant for the reader; any other (a draft, another stage's or visa type's) is not found. */
export async function getMySitePage(ctx: TContext, slug: string): Promise<contentApi.TMySitePage> {
  return ctx.db(async (tx) => {
    const reader = await readerOf(tx, ctx);
    if (!reader) throw notFound();
    const [row] = await tx
      .select()
      .from(sitePages)
      .where(and(eq(sitePages.slug, slug.toLowerCase()), forReader(reader)));
    if (!row?.publishedAt) throw notFound();
    return {
      slug: row.slug,
      title: row.publishedTitle ?? '',
      bodyHtml: row.publishedBodyHtml ?? '',
      publishedAt: row.publishedAt.toISOString(),
    };
  });
}

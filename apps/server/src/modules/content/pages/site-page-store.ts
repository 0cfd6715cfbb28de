import { contentApi, type TStudentStage } from '@meridian/domain';
import { eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { writeAudit } from '../../../platform/audit/audit.js';
import type { TTx } from '../../../platform/db/database.js';
import { isUniqueViolation } from '../../../platform/db/errors.js';
import { conflict, fieldError, notFound } from '../../../platform/errors/app-error.js';
import { requireActor, type TContext } from '../../../platform/http/context.js';
import { sanitizeEmailHtml } from '../../messages/index.js';
import { users } from '../../people/index.js';
import { sitePages } from '../schema.js';

export type TSitePageRow = typeof sitePages.$inferSelect;

const M = contentApi.SITE_PAGE_MSG;

/**
 * The page's text reduced to what the editor makes (docs/product/site-pages.md#what-a-page-may-hold): the
 * e-mail templates' allow-list, so links (https, mailto) stay and scripts, styles and frames go.
 */
export const cleanPageHtml = (html: string): string => sanitizeEmailHtml(html);

/** Draft, published, or published with a draft that differs (docs/product/site-pages.md#draft-and-published). */
export function pageState(r: TSitePageRow): contentApi.TSitePageState {
  if (!r.publishedAt) return 'draft';
  return r.publishedTitle === r.draftTitle && r.publishedBodyHtml === r.draftBodyHtml ? 'published' : 'changed';
}

export function presentSummary(r: TSitePageRow): contentApi.TSitePageSummary {
  return {
    id: r.id,
    title: r.title,
    slug: r.slug,
    audience: r.audience as contentApi.TSitePageAudience,
    stages: r.stages as TStudentStage[],
    visaTypes: r.visaTypes,
    state: pageState(r),
    ordinal: r.ordinal,
    publishedAt: r.publishedAt?.toISOString() ?? null,
    updatedAt: r.updatedAt.toISOString(),
    version: r.version,
  };
}

/** One page with the names of who last changed and published it. */
export async function presentPage(tx: TTx, r: TSitePageRow): Promise<contentApi.TSitePage> {
  const updater = alias(users, 'updater');
  const publisher = alias(users, 'publisher');
  const [names] = await tx
    .select({ uf: updater.firstName, ul: updater.lastName, pf: publisher.firstName, pl: publisher.lastName })
    .from(sitePages)
    .leftJoin(updater, eq(updater.id, sitePages.updatedBy))
    .leftJoin(publisher, eq(publisher.id, sitePages.publishedBy))
    .where(eq(sitePages.id, r.id));
  const name = (f: string | null | undefined, l: string | null | undefined) => (f != null ? `${f} ${l ?? ''}`.trim() : null);
  return {
    ...presentSummary(r),
    draftTitle: r.draftTitle,
    draftBodyHtml: r.draftBodyHtml,
    publishedTitle: r.publishedTitle,
    publishedBodyHtml: r.publishedBodyHtml,
    publishedByName: r.publishedAt ? name(names?.pf, names?.pl) : null,
    updatedByName: name(names?.uf, names?.ul),
  };
}

/** The page (of the context's institution: row-level security), locked for a change when asked; 404 otherwise. */
export async function loadPage(tx: TTx, id: string, lock = false): Promise<TSitePageRow> {
  const q = tx.select().from(sitePages).where(eq(sitePages.id, id));
  const [row] = lock ? await q.for('update') : await q;
  if (!row) throw notFound();
  return row;
}

/** Refuses a change made on an older version than the page's own. */
export function assertVersion(row: TSitePageRow, version: number): void {
  if (row.version !== version) throw conflict(M.stale);
}

/** The address is taken by another page of the office: the message on the address field. */
export async function assertSlugFree(tx: TTx, slug: string, exceptId?: string): Promise<void> {
  const [other] = await tx.select({ id: sitePages.id }).from(sitePages).where(eq(sitePages.slug, slug));
  if (other && other.id !== exceptId) throw fieldError('slug', M.slugTaken, 409);
}

/** A unique violation on the address (two saves at once): the same message as the check before it. */
export function slugTakenOr(e: unknown): never {
  if (isUniqueViolation(e, 'site_pages_slug_uq')) throw fieldError('slug', M.slugTaken, 409);
  throw e;
}

const shown = (r: TSitePageRow) => ({
  title: r.title,
  slug: r.slug,
  audience: r.audience,
  stages: r.stages,
  visaTypes: r.visaTypes,
  draftTitle: r.draftTitle,
  published: !!r.publishedAt,
  version: r.version,
});

/** The History Logs' record of a change to a page (its text is kept on the page, not in the trail). */
export async function auditPage(
  tx: TTx,
  ctx: TContext,
  action: string,
  before: TSitePageRow | null,
  after: TSitePageRow | null,
): Promise<void> {
  await writeAudit(tx, {
    institutionId: ctx.institutionId,
    actorUserId: requireActor(ctx).userId,
    entityType: 'site-page',
    entityId: (after ?? before)!.id,
    action,
    before: before ? shown(before) : null,
    after: after ? shown(after) : null,
    ip: ctx.ip,
  });
}

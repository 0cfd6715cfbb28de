import type { contentApi } from '@meridian/domain';
import { asc, eq, sql } from 'drizzle-orm';
import { requireActor, type TContext } from '../../../../platform/http/context.js';
import { sitePages } from '../../schema.js';
import {
  assertSlugFree,
  assertVersion,
  auditPage,
  cleanPageHtml,
  loadPage,
  presentPage,
  presentSummary,
  slugTakenOr,
} from '../site-page-store.js';

type TSaveInput = contentApi.TSaveSitePageInput & { stages: string[]; visaTypes: string[]; draftBodyHtml: string };

/** The saved columns of the input: text cleaned, the scholars' pages without stages. */
function columns(input: TSaveInput) {
  return {
    title: input.title,
    slug: input.slug,
    audience: input.audience,
    stages: input.audience === 'students' ? [...new Set(input.stages)] : [],
    visaTypes: [...new Set(input.visaTypes)],
    draftTitle: input.draftTitle,
    draftBodyHtml: cleanPageHtml(input.draftBodyHtml),
  };
}

/** A new page as a draft, last in the office's order (docs/product/site-pages.md#writing-a-page). */
export async function createSitePage(ctx: TContext, input: TSaveInput): Promise<contentApi.TSitePage> {
  const actor = requireActor(ctx);
  const values = columns(input);
  return ctx.db(async (tx) => {
    await assertSlugFree(tx, values.slug);
    const [last] = await tx.select({ max: sql<number | null>`max(${sitePages.ordinal})` }).from(sitePages);
    const [row] = await tx
      .insert(sitePages)
      .values({ institutionId: ctx.institutionId, ...values, ordinal: (last?.max ?? -1) + 1, updatedBy: actor.userId })
      .returning()
      .catch(slugTakenOr);
    await auditPage(tx, ctx, 'site-page.created', null, row!);
    return presentPage(tx, row!);
  });
}

/** Saves the settings and the draft; readers keep the published copy until the page is published again. */
export async function updateSitePage(ctx: TContext, id: string, input: TSaveInput & { version: number }): Promise<contentApi.TSitePage> {
  const actor = requireActor(ctx);
  const values = columns(input);
  return ctx.db(async (tx) => {
    const before = await loadPage(tx, id, true);
    assertVersion(before, input.version);
    if (values.slug !== before.slug) await assertSlugFree(tx, values.slug, id);
    const [row] = await tx
      .update(sitePages)
      .set({ ...values, updatedBy: actor.userId, updatedAt: new Date(), version: before.version + 1 })
      .where(eq(sitePages.id, id))
      .returning()
      .catch(slugTakenOr);
    await auditPage(tx, ctx, 'site-page.saved', before, row!);
    return presentPage(tx, row!);
  });
}

/** Publishes the draft as it is: its heading and text are what readers see from now on. */
export async function publishSitePage(ctx: TContext, id: string, version: number): Promise<contentApi.TSitePage> {
  const actor = requireActor(ctx);
  return ctx.db(async (tx) => {
    const before = await loadPage(tx, id, true);
    assertVersion(before, version);
    const now = new Date();
    const [row] = await tx
      .update(sitePages)
      .set({
        publishedTitle: before.draftTitle,
        publishedBodyHtml: before.draftBodyHtml,
        publishedAt: now,
        publishedBy: actor.userId,
        updatedBy: actor.userId,
        updatedAt: now,
        version: before.version + 1,
      })
      .where(eq(sitePages.id, id))
      .returning();
    await auditPage(tx, ctx, 'site-page.published', before, row!);
    return presentPage(tx, row!);
  });
}

/** Takes the page away from readers; the draft stays to be published again. */
export async function unpublishSitePage(ctx: TContext, id: string, version: number): Promise<contentApi.TSitePage> {
  const actor = requireActor(ctx);
  return ctx.db(async (tx) => {
    const before = await loadPage(tx, id, true);
    assertVersion(before, version);
    const [row] = await tx
      .update(sitePages)
      .set({
        publishedTitle: null,
        publishedBodyHtml: null,
        publishedAt: null,
        publishedBy: null,
        updatedBy: actor.userId,
        updatedAt: new Date(),
        version: before.version + 1,
      })
      .where(eq(sitePages.id, id))
      .returning();
    await auditPage(tx, ctx, 'site-page.unpublished', before, row!);
    return presentPage(tx, row!);
  });
}

/** Deletes a page, published or not. */
export async function deleteSitePage(ctx: TContext, id: string): Promise<{ ok: true }> {
  return ctx.db(async (tx) => {
    const before = await loadPage(tx, id, true);
    await auditPage(tx, ctx, 'site-page.deleted', before, null);
    await tx.delete(sitePages).where(eq(sitePages.id, id));
    return { ok: true as const };
  });
}

/** The office's order of its pages: the listed ones first, in the order given, then the others as they were. */
export async function reorderSitePages(ctx: TContext, pageIds: string[]): Promise<contentApi.TSitePageList> {
  return ctx.db(async (tx) => {
    const rows = await tx.select().from(sitePages).orderBy(asc(sitePages.ordinal), asc(sitePages.createdAt)).for('update');
    const listed = [...new Set(pageIds)];
    const byId = new Map(rows.map((r) => [r.id, r]));
    const ordered = [...listed.filter((id) => byId.has(id)).map((id) => byId.get(id)!), ...rows.filter((r) => !listed.includes(r.id))];
    const out: contentApi.TSitePageSummary[] = [];
    for (const [ordinal, r] of ordered.entries()) {
      if (r.ordinal !== ordinal) await tx.update(sitePages).set({ ordinal }).where(eq(sitePages.id, r.id));
      out.push(presentSummary({ ...r, ordinal }));
    }
    return { items: out };
  });
}

/** The text cleaned as readers will see it; nothing is saved. */
export function previewSitePage(input: { bodyHtml: string }): { html: string } {
  return { html: cleanPageHtml(input.bodyHtml) };
}

import { messagesApi } from '@meridian/domain';
import { asc } from 'drizzle-orm';
import type { TContext } from '../../../../platform/http/context.js';
import { emailTemplates } from '../schema.js';
import { loadSystemRow, loadTemplate, presentSummary, presentTemplate } from '../template-store.js';

/**
 * The system's messages (with the office's edits) then the office's own templates, by name; filtered and
 * paged here. The list is short (a handful of system messages and an office's templates), so it is
 * read whole and cut to the page.
 */
export async function listEmailTemplates(
  ctx: TContext,
  query: { q?: string | undefined; kind: 'all' | 'system' | 'office'; page: number; pageSize: number },
): Promise<messagesApi.TEmailTemplatePage> {
  return ctx.db(async (tx) => {
    const rows = await tx.select().from(emailTemplates).orderBy(asc(emailTemplates.name));
    const byKey = new Map(rows.filter((r) => r.key).map((r) => [r.key!, r]));
    const system = (messagesApi.SYSTEM_EMAILS as readonly messagesApi.TSystemEmail[]).map((m) =>
      presentSummary(byKey.get(m.key) ?? null, m),
    );
    const office = rows.filter((r) => !r.key || !messagesApi.systemEmailOf(r.key)).map((r) => presentSummary(r, undefined));
    let all = query.kind === 'system' ? system : query.kind === 'office' ? office : [...system, ...office];
    const q = query.q?.toLowerCase();
    if (q) all = all.filter((t) => t.name.toLowerCase().includes(q) || t.subject.toLowerCase().includes(q));
    const start = (query.page - 1) * query.pageSize;
    return { items: all.slice(start, start + query.pageSize), total: all.length, page: query.page, pageSize: query.pageSize };
  });
}

/** One template with its versions. */
export async function getEmailTemplate(ctx: TContext, id: string): Promise<messagesApi.TEmailTemplate> {
  return ctx.db(async (tx) => {
    const row = await loadTemplate(tx, id);
    return presentTemplate(tx, row, row.key);
  });
}

/** One system message: the office's edit with its versions, or the default. */
export async function getSystemEmail(ctx: TContext, key: string): Promise<messagesApi.TEmailTemplate> {
  return ctx.db(async (tx) => presentTemplate(tx, await loadSystemRow(tx, key), key));
}

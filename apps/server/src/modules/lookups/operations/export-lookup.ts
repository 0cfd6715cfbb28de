import { asc, eq } from 'drizzle-orm';
import type { TLookupKey } from '@meridian/domain';
import type { TContext } from '../../../platform/http/context.js';
import { loadList, valueState } from '../lookup-store.js';
import { lookupValues } from '../schema.js';

/** Text a spreadsheet could read as a formula gets a leading apostrophe: nothing in an export is ever evaluated. */
const cell = (x: string) => {
  const safe = /^[=+\-@\t\r]/.test(x) ? `'${x}` : x;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
};

/**
 * The whole list as CSV (docs/product/lookups.md#exporting-a-list), in the office's order: code, label, SEVIS's
 * label, one column per attribute, first day offered, first day no longer offered, state today, and whether it
 * is SEVIS's value or the office's.
 */
export async function exportLookup(ctx: TContext, key: TLookupKey): Promise<{ fileName: string; csv: string }> {
  return ctx.db(async (tx) => {
    const list = await loadList(tx, ctx, key);
    const rows = await tx
      .select()
      .from(lookupValues)
      .where(eq(lookupValues.listId, list.id))
      .orderBy(asc(lookupValues.sortOrder), asc(lookupValues.code));
    const attrs = list.attributes;
    const today = ctx.today();
    const header = ['code', 'label', 'SEVIS label', ...attrs.map((a) => a.label), 'offered from', 'retired from', 'state', 'source'];
    const lines = [
      header.map(cell).join(','),
      ...rows.map((r) =>
        [
          r.code,
          r.label,
          r.officialLabel ?? '',
          ...attrs.map((a) => r.attributes[a.key] ?? ''),
          r.activeFrom ?? '',
          r.activeUntil ?? '',
          valueState(r, today),
          r.isOfficial ? 'SEVIS' : 'office',
        ]
          .map(cell)
          .join(','),
      ),
    ];
    return { fileName: `${key}-${today}.csv`, csv: `\uFEFF${lines.join('\r\n')}\r\n` };
  });
}

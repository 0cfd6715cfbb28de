import { eq } from 'drizzle-orm';
import {
  checkImportRow,
  findDuplicatesInFile,
  IMPORT_COLUMN_KEYS,
  importLookupChecks,
  type TImportColumn,
  type TImportIssue,
  type TImportRecord,
} from '@meridian/domain';
import type { TTx } from '../../../platform/db/database.js';
import { type TAuthenticatedActor, type TContext } from '../../../platform/http/context.js';
import { lookupStatuses } from '../../lookups/index.js';
import { campusSites } from '../../people/index.js';
import { reachableSites } from '../student.policy.js';
import { findExistingDuplicates } from './import-duplicates.js';
import { sevisWarnings } from './import-sevis-check.js';

/** A stored row: the cells by column key, and its row number in the file under '_row'. */
export type TStoredRow = Record<string, string>;

/** The campus site codes (upper case) the actor may import into, with their ids: sites in use only. */
export async function importableSites(tx: TTx, actor: TAuthenticatedActor): Promise<Map<string, number>> {
  const reach = reachableSites(actor);
  const rows = await tx.select({ id: campusSites.id, code: campusSites.code }).from(campusSites).where(eq(campusSites.isActive, true));
  return new Map(rows.filter((r) => reach === 'all' || reach.includes(r.id)).map((r) => [r.code.trim().toUpperCase(), r.id]));
}

/**
 * Every check of the stored rows: cells (list codes against the office's lists offered today,
 * docs/product/lookups.md#how-forms-use-the-lists), duplicates in the file, and duplicates of existing records
 * (errors, which stop the import); and what SEVIS will still need of the rows that create a SEVIS
 * record (warnings, which do not). Dates are checked against the office's today.
 */
export async function checkStoredRows(
  tx: TTx,
  ctx: TContext,
  rows: TStoredRow[],
  sites: Map<string, number>,
  /** Told how many rows were checked so far (progress). */
  onRow: (checked: number) => void = () => {},
): Promise<{ records: { row: number; record: TImportRecord }[]; issues: TImportIssue[]; warnings: TImportIssue[] }> {
  const today = ctx.today();
  const issues: TImportIssue[] = [];
  const records: { row: number; record: TImportRecord }[] = [];
  // Every row is a new record: a retired code is refused, as on a new record's form.
  const lookups = await lookupStatuses(tx, ctx, importLookupChecks(rows));
  for (const [i, r] of rows.entries()) {
    const row = Number(r._row);
    const checked = checkImportRow(r, row, sites, today, lookups);
    if (checked.record) records.push({ row, record: checked.record });
    else issues.push(...checked.issues);
    onRow(i + 1);
  }
  issues.push(...findDuplicatesInFile(records));
  issues.push(...(await findExistingDuplicates(tx, records)));
  const order = (c: string) => {
    const i = IMPORT_COLUMN_KEYS.indexOf(c as TImportColumn);
    return i < 0 ? 99 : i;
  };
  issues.sort((a, b) => a.row - b.row || order(a.column) - order(b.column));
  const warnings = sevisWarnings(records, today).sort((a, b) => a.row - b.row || order(a.column) - order(b.column));
  return { records, issues, warnings };
}

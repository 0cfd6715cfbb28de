import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { HR_COMPARED_FIELDS, hrFieldLabel, scholarsApi, type THrComparedField } from '@meridian/domain';
import type { z } from 'zod';
import type { TTx } from '../../../../platform/db/database.js';
import { requireActor, type TContext } from '../../../../platform/http/context.js';
import { departments } from '../../../people/index.js';
import { scholarApplications } from '../../schema.js';
import { loadHrImport, reachesCaseForHr, userNames } from '../hr-imports.js';
import { scholarHrChanges, scholarHrImportRows } from '../schema.js';

type TRow = typeof scholarHrImportRows.$inferSelect;
type TChange = typeof scholarHrChanges.$inferSelect;
type TQuery = z.output<typeof scholarsApi.ZHrRowsQuery>;

const dollars = (v: string) => Number(v).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** A stored value as the page shows it: a department by name and code, wages with their unit; dates stay ISO. */
export function shownValue(field: string, v: string | null, side: 'current' | 'hr', depts: Map<string, string>): string | null {
  if (v === null || v === '') return null;
  if (field === 'department') return depts.get(v) ?? v;
  if (field === 'annualSalary') {
    if (side === 'hr') return `${dollars(v)} per year`;
    const [amount, unit] = v.split(' per ');
    return /^\d+(\.\d+)?$/.test(amount ?? '') ? `${dollars(amount!)}${unit ? ` per ${unit}` : ' (no unit given)'}` : v;
  }
  return v;
}

/** The departments named by these values, as "Physics (PHYS)". */
export async function departmentNames(tx: TTx, ids: (string | null)[]): Promise<Map<string, string>> {
  const wanted = [...new Set(ids.filter((x): x is string => !!x && /^[0-9a-f-]{36}$/.test(x)))];
  if (!wanted.length) return new Map();
  const rows = await tx.select().from(departments).where(inArray(departments.id, wanted));
  return new Map(rows.map((d) => [d.id, d.code ? `${d.name} (${d.code})` : d.name]));
}

/** The SQL of a tab (docs/product/scholar-hr-updates.md#compare). */
function viewFilter(view: scholarsApi.THrRowView): SQL {
  const t = scholarHrImportRows;
  const hasChange = (decided: boolean) =>
    sql`exists (select 1 from ${scholarHrChanges} c where c.row_id = ${t.id} and c.decision is ${sql.raw(decided ? 'not null' : 'null')})`;
  switch (view) {
    case 'differences':
      return sql`${t.class} = 'changed' and ${hasChange(false)}`;
    case 'decided':
      return hasChange(true);
    case 'unmatched':
      return sql`${t.class} in ('not_found', 'no_case')`;
    case 'not_yours':
      return sql`${t.class} = 'not_yours'`;
    case 'unchanged':
      return sql`${t.class} = 'unchanged'`;
    case 'all':
      return sql`true`;
  }
}

const likeEscape = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** A row with its changes; Meridian's values only while the caller may still change the case. */
function presentRow(
  r: TRow,
  visible: boolean,
  changes: TChange[],
  who: Map<string, string>,
  depts: Map<string, string>,
): scholarsApi.THrRow {
  const record = visible ? r.record : null;
  const name = (x: Record<string, string | null> | null) => (x ? [x.lastName, x.firstName].filter(Boolean).join(', ') : '');
  return {
    id: r.id,
    rowNo: r.rowNo,
    class: r.class as scholarsApi.THrRowClass,
    employeeId: r.employeeId,
    name: name(record) || name(r.feed),
    applicationId: visible ? r.applicationId : null,
    message: r.message,
    changes: changes.map((c) => ({
      id: c.id,
      field: c.field as THrComparedField,
      label: hrFieldLabel(c.field),
      current: visible ? shownValue(c.field, c.currentValue, 'current', depts) : null,
      hr: shownValue(c.field, c.hrValue, 'hr', depts),
      decision: (c.decision as 'accepted' | null) ?? null,
      decidedBy: c.decidedBy ? (who.get(c.decidedBy) ?? '') : null,
      decidedAt: c.decidedAt?.toISOString() ?? null,
      note: c.note,
    })),
  };
}

/** The rows of a comparison, with their changes: filtered by tab, field and search, sorted and paged by the database. */
export function listHrImportRows(ctx: TContext, importId: string, q: TQuery): Promise<scholarsApi.THrRowsOutput> {
  const actor = requireActor(ctx);
  return ctx.db(async (tx) => {
    const imp = await loadHrImport(tx, ctx, importId);
    const t = scholarHrImportRows;
    const narrowing = and(
      eq(t.importId, imp.id),
      q.field ? sql`${q.field} = any(${t.changed})` : undefined,
      q.q ? sql`${t.search} like ${`%${likeEscape(q.q.toLowerCase())}%`}` : undefined,
    );
    const [tally] = await tx
      .select(
        Object.fromEntries(scholarsApi.HR_ROW_VIEWS.map((v) => [v, sql<number>`count(*) filter (where ${viewFilter(v)})::int`])) as Record<
          scholarsApi.THrRowView,
          SQL<number>
        >,
      )
      .from(t)
      .where(narrowing);
    const dir = q.dir === 'desc' ? desc : asc;
    const order =
      q.sort === 'name' ? [dir(t.sortName), dir(t.rowNo)] : q.sort === 'employeeId' ? [dir(t.employeeId), dir(t.rowNo)] : [dir(t.rowNo)];
    const rows = await tx
      .select({ row: t, c: scholarApplications })
      .from(t)
      .leftJoin(scholarApplications, eq(scholarApplications.id, t.applicationId))
      .where(and(narrowing, viewFilter(q.view)))
      .orderBy(...order)
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize);
    const changes = rows.length
      ? await tx
          .select()
          .from(scholarHrChanges)
          .where(
            inArray(
              scholarHrChanges.rowId,
              rows.map((r) => r.row.id),
            ),
          )
      : [];
    const who = await userNames(
      tx,
      changes.map((c) => c.decidedBy),
    );
    const depts = await departmentNames(
      tx,
      changes.flatMap((c) => (c.field === 'department' ? [c.currentValue, c.hrValue] : [])),
    );
    const fieldOrder = (f: string) => HR_COMPARED_FIELDS.indexOf(f as THrComparedField);
    return {
      items: rows.map(({ row, c }) =>
        presentRow(
          row,
          !!c && row.record !== null && reachesCaseForHr(actor, c),
          changes.filter((x) => x.rowId === row.id).sort((a, b) => fieldOrder(a.field) - fieldOrder(b.field)),
          who,
          depts,
        ),
      ),
      total: tally![q.view],
      page: q.page,
      pageSize: q.pageSize,
      views: tally!,
    };
  });
}

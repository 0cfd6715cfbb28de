import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { IMPORT_MAX_ROWS, sevisApi } from '@meridian/domain';
import type { z } from 'zod';
import { writeAudit } from '../../../platform/audit/audit.js';
import type { TTx } from '../../../platform/db/database.js';
import { AppError, fieldError, notFound } from '../../../platform/errors/app-error.js';
import { requireActor, type TContext } from '../../../platform/http/context.js';
import { users } from '../../people/index.js';
import { readImportFile, staffReachesProfile, studentProfiles } from '../../students/index.js';
import { rtiImportRows, rtiImports } from '../schema.js';
import { diffRow, mapRtiHeader, normalizeRtiRow, ourValue, type TRtiValues } from './rti-parse.js';

const M = sevisApi.RTI_MSG;
type TImportRow = typeof rtiImports.$inferSelect;

export async function presentRtiImport(tx: TTx, row: TImportRow): Promise<sevisApi.TRtiImportSummary> {
  const [u] = row.createdBy
    ? await tx.select({ f: users.firstName, l: users.lastName }).from(users).where(eq(users.id, row.createdBy))
    : [];
  return {
    id: row.id,
    fileName: row.fileName,
    kind: row.kind,
    status: row.status as 'preview',
    rowCount: row.rowCount,
    changedCount: row.changedCount,
    newCount: row.newCount,
    errorCount: row.errorCount,
    updatedCount: row.updatedCount,
    insertedCount: row.insertedCount,
    createdBy: u ? `${u.f} ${u.l}` : '',
    createdAt: row.createdAt.toISOString(),
    appliedAt: row.appliedAt?.toISOString() ?? null,
  };
}

/** Whose imports the actor sees: a super user every import, an officer their own (the rows hold other sites' students). */
export function importScope(ctx: TContext): SQL | undefined {
  const actor = requireActor(ctx);
  return actor.staff?.isSuper ? undefined : eq(rtiImports.createdBy, actor.userId);
}

export async function loadRtiImport(tx: TTx, ctx: TContext, importId: string, lock = false): Promise<TImportRow> {
  const q = tx
    .select()
    .from(rtiImports)
    .where(and(eq(rtiImports.id, importId), importScope(ctx)));
  const [row] = lock ? await q.for('update') : await q;
  if (!row) throw notFound();
  return row;
}

/**
 * Reads an RTI list (CSV or XLSX, sniffed like the student batch upload), matches each row to our
 * record by SEVIS ID and stores the comparison: unchanged, changed (with each differing field, ours
 * and RTI's), new (a student we lack) or error (bad date, SEVIS ID, country...: the message on the row).
 */
export async function uploadRtiImport(ctx: TContext, file: { fileName: string; data: Buffer }): Promise<sevisApi.TRtiImportSummary> {
  const actor = requireActor(ctx);
  const rows = await readImportFile(file.fileName, file.data);
  const header = rows[0]?.cells ?? [];
  const cols = mapRtiHeader(header);
  if (!cols.includes('sevisId')) throw fieldError('file', M.noSevisColumn);
  const data = rows.slice(1);
  if (!data.length) throw fieldError('file', M.noRows);
  if (data.length > IMPORT_MAX_ROWS)
    throw fieldError('file', `The file has more than ${IMPORT_MAX_ROWS} rows; split it into several files.`);

  const parsed = data.map((r) => {
    const raw: Record<string, string> = {};
    cols.forEach((k, i) => {
      if (k) raw[k] = r.cells[i] ?? '';
    });
    return { rowNo: r.rowNo, ...normalizeRtiRow(raw) };
  });
  const seen = new Set<string>();
  for (const r of parsed) {
    const id = r.values.sevisId;
    if (!id || r.errors.length) continue;
    if (seen.has(id)) r.errors.push(M.duplicateInFile);
    seen.add(id);
  }

  return ctx.db(async (tx) => {
    const ids = [...seen];
    const profiles = ids.length ? await tx.select().from(studentProfiles).where(inArray(studentProfiles.sevisId, ids)) : [];
    const byId = new Map(profiles.map((p) => [p.sevisId!, p]));
    const stored = parsed.map((r) => {
      const p = r.values.sevisId ? byId.get(r.values.sevisId) : undefined;
      if (r.errors.length) return { r, profileId: null, state: 'error', message: r.errors.join(' '), diffs: {} };
      if (p && !staffReachesProfile(actor, p, 'read')) return { r, profileId: null, state: 'error', message: M.outOfReach, diffs: {} };
      if (!p) return { r, profileId: null, state: 'new', message: '', diffs: {} };
      const diffs = diffRow(p, r.values);
      return { r, profileId: p.id, state: Object.keys(diffs).length ? 'changed' : 'unchanged', message: '', diffs };
    });
    const count = (s: string) => stored.filter((x) => x.state === s).length;
    const visas = new Set(parsed.map((r) => r.values.visaType).filter(Boolean));
    const [imp] = await tx
      .insert(rtiImports)
      .values({
        institutionId: ctx.institutionId,
        fileName: file.fileName.slice(0, 200) || 'rti-list',
        kind: visas.size === 1 && visas.has('J-1') ? 'ev' : 'student',
        rowCount: stored.length,
        changedCount: count('changed'),
        newCount: count('new'),
        errorCount: count('error'),
        createdBy: actor.userId,
      })
      .returning();
    for (let i = 0; i < stored.length; i += 500) {
      await tx.insert(rtiImportRows).values(
        stored.slice(i, i + 500).map((x) => ({
          institutionId: ctx.institutionId,
          importId: imp!.id,
          rowNumber: x.r.rowNo,
          sevisId: (x.r.values.sevisId ?? '').slice(0, 20),
          profileId: x.profileId,
          values: x.r.values,
          diffs: x.diffs,
          state: x.state,
          message: x.message.slice(0, 1000),
        })),
      );
    }
    await writeAudit(tx, {
      institutionId: ctx.institutionId,
      actorUserId: actor.userId,
      entityType: 'rti_import',
      entityId: imp!.id,
      action: 'sevis.rti.uploaded',
      after: { fileName: imp!.fileName, rows: stored.length, changed: imp!.changedCount, new: imp!.newCount, errors: imp!.errorCount },
      ip: ctx.ip,
    });
    return presentRtiImport(tx, imp!);
  });
}

/** History of RTI imports, newest first. */
export async function listRtiImports(ctx: TContext, q: { page: number; pageSize: number }) {
  return ctx.db(async (tx) => {
    const where = importScope(ctx);
    const [{ n }] = (await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(rtiImports)
      .where(where)) as [{ n: number }];
    const rows = await tx
      .select()
      .from(rtiImports)
      .where(where)
      .orderBy(desc(rtiImports.createdAt), desc(rtiImports.id))
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize);
    const items = [];
    for (const r of rows) items.push(await presentRtiImport(tx, r));
    return { items, total: n, page: q.page, pageSize: q.pageSize };
  });
}

/** One import, its rows side by side with our records as they are now. */
export async function getRtiImport(
  ctx: TContext,
  importId: string,
  q: z.output<typeof sevisApi.ZRtiImportDetailQuery>,
): Promise<sevisApi.TRtiImportDetail> {
  const actor = requireActor(ctx);
  return ctx.db(async (tx) => {
    const imp = await loadRtiImport(tx, ctx, importId);
    const where = and(eq(rtiImportRows.importId, imp.id), q.state === 'all' ? undefined : eq(rtiImportRows.state, q.state));
    const [{ n }] = (await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(rtiImportRows)
      .where(where)) as [{ n: number }];
    const rows = await tx
      .select()
      .from(rtiImportRows)
      .where(where)
      .orderBy(asc(rtiImportRows.rowNumber))
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize);
    const pids = rows.map((r) => r.profileId).filter((x): x is string => !!x);
    const profiles = pids.length ? await tx.select().from(studentProfiles).where(inArray(studentProfiles.id, pids)) : [];
    return {
      import: await presentRtiImport(tx, imp),
      rows: rows.map((r) => {
        const p0 = profiles.find((x) => x.id === r.profileId);
        // A record that moved out of the actor's reach since the upload shows RTI's side only.
        const p = p0 && staffReachesProfile(actor, p0, 'read') ? (p0 as unknown as Record<string, unknown>) : null;
        const v = r.values as TRtiValues;
        const diffs = p ? diffRow(p, v) : {};
        return {
          id: r.id,
          rowNumber: r.rowNumber,
          sevisId: r.sevisId,
          profileId: p ? r.profileId : null,
          name: (p ? [String(p.lastName), String(p.firstName)] : [v.lastName ?? '', v.firstName ?? '']).filter(Boolean).join(', '),
          state: r.state as 'changed',
          message: r.message,
          appliedAction: r.appliedAction,
          fields: sevisApi.RTI_FIELDS.filter((f) => v[f.key] !== undefined).map((f) => ({
            key: f.key,
            label: f.label,
            ours: p ? ourValue(p, f.key) : '',
            rti: v[f.key]!,
            isDifferent: p ? f.key in diffs : r.state === 'new',
          })),
        };
      }),
      total: n,
      page: q.page,
      pageSize: q.pageSize,
    };
  });
}

/** Discards an import: nothing more is applied from it (rows applied already stay applied). */
export async function discardRtiImport(ctx: TContext, importId: string): Promise<sevisApi.TRtiImportSummary> {
  return ctx.db(async (tx) => {
    const imp = await loadRtiImport(tx, ctx, importId, true);
    if (imp.status === 'discarded') return presentRtiImport(tx, imp);
    if (imp.status === 'applied') throw new AppError(409, 'CONFLICT', 'This import was applied; it stays in the history.');
    const [row] = await tx.update(rtiImports).set({ status: 'discarded' }).where(eq(rtiImports.id, imp.id)).returning();
    await writeAudit(tx, {
      institutionId: ctx.institutionId,
      actorUserId: ctx.actor?.userId ?? null,
      entityType: 'rti_import',
      entityId: imp.id,
      action: 'sevis.rti.discarded',
      ip: ctx.ip,
    });
    return presentRtiImport(tx, row!);
  });
}

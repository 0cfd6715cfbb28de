import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { sevisApi } from '@meridian/domain';
import type { z } from 'zod';
import { requireActor, type TContext } from '../../../../platform/http/context.js';
import { staffReachesProfile, studentProfiles } from '../../../students/index.js';
import { rtiImportRows } from '../../schema.js';
import { diffRow, ourValue, type TRtiValues } from '../rti-parse.js';
import { loadRtiImport, presentRtiImport } from '../rti-imports.js';

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

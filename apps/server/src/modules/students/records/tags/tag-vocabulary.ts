import { sql } from 'drizzle-orm';
import { studentsApi as S } from '@meridian/domain';
import { writeAudit } from '../../../../platform/audit/audit.js';
import { fieldError } from '../../../../platform/errors/app-error.js';
import type { TTx } from '../../../../platform/db/database.js';
import { requireActor, type TContext } from '../../../../platform/http/context.js';
import { studentProfiles as p } from '../../schema.js';
import { siteFilter } from '../../student.policy.js';

/**
 * The tags on the records the caller reaches, with how many records carry each, in alphabetical order
 * (docs/product/students-records.md#tags). Archived records count too: their tags are still theirs.
 */
export async function listStudentTags(ctx: TContext): Promise<{ items: S.TStudentTagSummary[] }> {
  const actor = requireActor(ctx);
  return ctx.db(async (tx) => {
    const rows = await tx.execute<{ tag: string; records: number }>(
      sql`select t as tag, count(*)::int as records from ${p}, unnest(${p.tags}) as t where ${siteFilter(actor)} group by t order by lower(t), t`,
    );
    return { items: rows.rows.map((r) => ({ tag: r.tag, records: Number(r.records) })) };
  });
}

/** How many records (of every campus site) carry the tag. */
async function carrying(tx: TTx, tag: string): Promise<number> {
  const r = await tx.execute<{ n: number }>(sql`select count(*)::int as n from ${p} where ${tag} = any(${p.tags})`);
  return Number(r.rows[0]?.n ?? 0);
}

/**
 * Renames a tag on every record of the institution; when the new name is a tag already the two become one
 * (a record carrying both keeps it once, where the first of them was).
 */
export async function renameStudentTag(ctx: TContext, from: string, to: string): Promise<S.TTagChangeResult> {
  if (from === to) throw fieldError('to', S.TAG_MSG.sameName);
  return ctx.db(async (tx) => {
    if ((await carrying(tx, from)) === 0) throw fieldError('from', S.TAG_MSG.unknownTag);
    const merged = (await carrying(tx, to)) > 0;
    const updated = await tx.execute(
      sql`update ${p} set tags = array(
            select t from unnest(array_replace(${p.tags}, ${from}, ${to})) with ordinality as u(t, n) group by t order by min(n)
          ), updated_at = now()
          where ${from} = any(${p.tags})`,
    );
    const records = updated.rowCount ?? 0;
    await writeAudit(tx, {
      institutionId: ctx.institutionId,
      actorUserId: ctx.actor?.userId ?? null,
      entityType: 'student_tag',
      entityId: from,
      action: merged ? 'student.tags.merged' : 'student.tags.renamed',
      before: { tag: from },
      after: { tag: to, records },
      ip: ctx.ip,
    });
    return { records, merged };
  });
}

/** Takes a tag off every record of the institution. */
export async function removeStudentTag(ctx: TContext, tag: string): Promise<S.TTagChangeResult> {
  return ctx.db(async (tx) => {
    const updated = await tx.execute(
      sql`update ${p} set tags = array_remove(${p.tags}, ${tag}), updated_at = now() where ${tag} = any(${p.tags})`,
    );
    const records = updated.rowCount ?? 0;
    if (records === 0) throw fieldError('tag', S.TAG_MSG.unknownTag);
    await writeAudit(tx, {
      institutionId: ctx.institutionId,
      actorUserId: ctx.actor?.userId ?? null,
      entityType: 'student_tag',
      entityId: tag,
      action: 'student.tags.removed',
      before: { tag },
      after: { records },
      ip: ctx.ip,
    });
    return { records, merged: false };
  });
}

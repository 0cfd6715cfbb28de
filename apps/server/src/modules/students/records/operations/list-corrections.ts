import { and, count, desc, eq } from 'drizzle-orm';
import { requireActor, type TContext } from '../../../../platform/http/context.js';
import { studentProfileCorrections, studentProfiles } from '../../schema.js';
import { siteFilter } from '../../student.policy.js';
import { correctionSummary } from '../correction-fields.js';

/** Correction requests of the records the caller reaches (site scope in SQL), newest first. */
export async function listCorrections(
  ctx: TContext,
  q: { status: string; page: number; pageSize: number; profileId?: string | undefined },
) {
  return ctx.db(async (tx) => {
    const where = and(
      siteFilter(requireActor(ctx)),
      q.status === 'all' ? undefined : eq(studentProfileCorrections.status, q.status),
      q.profileId ? eq(studentProfileCorrections.profileId, q.profileId) : undefined,
    );
    const [{ total }] = (await tx
      .select({ total: count() })
      .from(studentProfileCorrections)
      .innerJoin(studentProfiles, eq(studentProfiles.id, studentProfileCorrections.profileId))
      .where(where)) as [{ total: number }];
    const rows = await tx
      .select({ c: studentProfileCorrections, p: studentProfiles })
      .from(studentProfileCorrections)
      .innerJoin(studentProfiles, eq(studentProfiles.id, studentProfileCorrections.profileId))
      .where(where)
      .orderBy(desc(studentProfileCorrections.createdAt), desc(studentProfileCorrections.id))
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize);
    return { items: rows.map(({ c, p }) => correctionSummary(c, p)), total: Number(total), page: q.page, pageSize: q.pageSize };
  });
}

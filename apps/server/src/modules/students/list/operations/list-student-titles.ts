import { STUDENT_LIST_TITLES, type studentsApi } from '@meridian/domain';
import { requireActor, type TContext } from '../../../../platform/http/context.js';
import { titleCountsFor } from '../title-counts.js';

/** The list titles with the caller's count of each, and when they were counted (docs/decisions/025). */
export async function listStudentTitles(ctx: TContext, opts: { today?: string } = {}): Promise<studentsApi.TStudentListTitles> {
  const actor = requireActor(ctx);
  const { counts, countedAt, isRefreshing } = await titleCountsFor(ctx, actor, opts.today ?? ctx.today());
  return {
    titles: STUDENT_LIST_TITLES.map((t) => ({ key: t.key, label: t.label, visa: t.visa, count: counts[t.key] })),
    countedAt: countedAt.toISOString(),
    isRefreshing,
  };
}

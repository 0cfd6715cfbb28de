import { STUDENT_LIST_TITLES, type studentsApi } from '@meridian/domain';
import { requireActor, type TContext } from '../../../../platform/http/context.js';
import { countStudentTitlesQuery } from '../queries/list-students.query.js';

type TStudentListTitleCount = studentsApi.TStudentListTitleCount;

/** The list titles with the caller's count of each. */
export async function listStudentTitles(ctx: TContext, opts: { today?: string } = {}): Promise<TStudentListTitleCount[]> {
  const actor = requireActor(ctx);
  const counts = await ctx.db((tx) => countStudentTitlesQuery(tx, actor, ctx.institutionId, { today: opts.today ?? ctx.today() }));
  return STUDENT_LIST_TITLES.map((t) => ({ key: t.key, label: t.label, visa: t.visa, count: counts[t.key] }));
}

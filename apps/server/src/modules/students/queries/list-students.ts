import { STUDENT_LIST_TITLES, type studentsApi } from '@meridian/domain';
import { requireActor, type TContext } from '../../../platform/http/context.js';
import { countStudentTitlesQuery, listStudentsQuery, type TListStudentsQuery, type TStudentListRow } from './list-students.query.js';

type TStudentListItem = studentsApi.TStudentListItem;
type TStudentListTitleCount = studentsApi.TStudentListTitleCount;

const toItem = (r: TStudentListRow): TStudentListItem => ({
  id: r.id,
  firstName: r.firstName,
  lastName: r.lastName,
  email: r.email,
  sevisId: r.sevisId,
  campusId: r.campusId,
  visaType: r.visaType,
  sevisStatus: r.sevisStatus,
  campusSite: r.campusSiteId === null ? null : { id: r.campusSiteId, name: r.campusSiteName ?? '' },
  programEndDate: r.programEndDate,
  stage: r.stage,
  updatedAt: r.updatedAt.toISOString(),
});

/** Student List: one page of a list title, only records of the campus sites the caller reaches. */
export async function listStudents(ctx: TContext, q: TListStudentsQuery, opts: { today?: string } = {}) {
  const actor = requireActor(ctx);
  return ctx.db(async (tx) => {
    const { rows, total } = await listStudentsQuery(tx, actor, ctx.institutionId, q, opts);
    return { items: rows.map(toItem), total, page: q.page, pageSize: q.pageSize };
  });
}

/** The list titles with the caller's count of each. */
export async function listStudentTitles(ctx: TContext, opts: { today?: string } = {}): Promise<TStudentListTitleCount[]> {
  const actor = requireActor(ctx);
  const counts = await ctx.db((tx) => countStudentTitlesQuery(tx, actor, ctx.institutionId, opts));
  return STUDENT_LIST_TITLES.map((t) => ({ key: t.key, label: t.label, visa: t.visa, count: counts[t.key] }));
}

import { type studentsApi } from '@meridian/domain';
import { requireActor, type TContext } from '../../../../platform/http/context.js';
import { listStudentsQuery, type TListStudentsQuery, type TStudentListRow } from '../queries/list-students.query.js';

type TStudentListItem = studentsApi.TStudentListItem;

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
    const { rows, total } = await listStudentsQuery(tx, actor, ctx.institutionId, q, { today: opts.today ?? ctx.today() });
    return { items: rows.map(toItem), total, page: q.page, pageSize: q.pageSize };
  });
}

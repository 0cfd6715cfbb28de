import { type studentsApi } from '@meridian/domain';
import { requireActor, type TContext } from '../../../../platform/http/context.js';
import { listStudentsQuery, type TListStudentsQuery, type TStudentListRow } from '../queries/list-students.query.js';
import { currentTitleTotal } from '../title-counts.js';

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

/** Nothing narrows the title: its total is the title's count. */
const isWholeTitle = (q: TListStudentsQuery) =>
  !q.q &&
  q.campusSiteId === undefined &&
  !q.stage &&
  !q.educationLevel &&
  !q.major &&
  !q.sevisStatus &&
  !q.tag &&
  !q.programEndFrom &&
  !q.programEndTo;

/**
 * Student List: one page of a list title, only records of the campus sites the caller reaches. A whole
 * title's total comes from the stored title counts when they are current (docs/decisions/025), else it is
 * counted.
 */
export async function listStudents(ctx: TContext, q: TListStudentsQuery, opts: { today?: string } = {}) {
  const actor = requireActor(ctx);
  const today = opts.today ?? ctx.today();
  return ctx.db(async (tx) => {
    const known = isWholeTitle(q) ? await currentTitleTotal(ctx, tx, actor, q.title, today) : null;
    const { rows, total } = await listStudentsQuery(tx, actor, ctx.institutionId, q, { today, total: known });
    return { items: rows.map(toItem), total, page: q.page, pageSize: q.pageSize };
  });
}

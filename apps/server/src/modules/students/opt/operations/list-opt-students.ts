import type { studentsApi } from '@meridian/domain';
import { requireActor, type TContext } from '../../../../platform/http/context.js';
import { listOptStudentsQuery } from '../queries/opt-students.query.js';

/** OPT Students & Employers list. */
export async function listOptStudents(ctx: TContext, q: studentsApi.TListOptStudentsQuery) {
  const actor = requireActor(ctx);
  return ctx.db((tx) => listOptStudentsQuery(tx, actor, q, ctx.today()));
}

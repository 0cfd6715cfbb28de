import type { requestsApi } from '@meridian/domain';
import { requireActor, type TContext } from '../../../platform/http/context.js';
import { assignmentReportQuery } from '../queries/assignment-report.query.js';

/** Open student requests per assignee, request type and status, within the caller's reach. */
export async function getAssignmentReport(ctx: TContext): Promise<requestsApi.TAssignmentReport> {
  const actor = requireActor(ctx);
  return ctx.db((tx) => assignmentReportQuery(tx, actor));
}

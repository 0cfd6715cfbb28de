import type { studentsApi as S } from '@meridian/domain';
import type { TContext } from '../../../../platform/http/context.js';
import { getOwnProfile } from '../../student.policy.js';
import { studentRuleContext } from '../request-rules.js';

/**
 * What the signed-in student's new request form checks with before its draft exists (the same as the
 * draft's own form data gives once saved): today, the record's dates, visa type and active dependents.
 */
export async function getMyRequestFormContext(ctx: TContext): Promise<S.TStudentRequestContextOutput> {
  return ctx.db(async (tx) => studentRuleContext(tx, ctx, (await getOwnProfile(tx, ctx)).id));
}

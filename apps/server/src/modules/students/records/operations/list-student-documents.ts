import type { TContext } from '../../../../platform/http/context.js';
import { getAccessibleProfile } from '../../student.policy.js';
import { documentsOf } from '../related-records.js';

/** The files of a student's record and requests, for the office. */
export async function listStudentDocuments(ctx: TContext, profileId: string) {
  return ctx.db(async (tx) => documentsOf(tx, await getAccessibleProfile(tx, ctx, profileId, 'read'), false));
}

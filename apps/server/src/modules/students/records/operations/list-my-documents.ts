import type { TContext } from '../../../../platform/http/context.js';
import { getOwnProfile } from '../../student.policy.js';
import { documentsOf } from '../related-records.js';

/** The signed-in student's own files: stage uploads (welcome wizard, pre-arrival, check-in) and those of their requests. */
export async function listMyDocuments(ctx: TContext) {
  return ctx.db(async (tx) => documentsOf(tx, await getOwnProfile(tx, ctx), true));
}

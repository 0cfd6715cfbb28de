import { type studentsApi } from '@meridian/domain';
import { type TContext } from '../../../../platform/http/context.js';
import { getOwnProfile } from '../../student.policy.js';
import { stageViewOf } from '../stage-progress.js';

/** The signed-in student's current stage with answers, files and completeness. */
export async function getMyStage(ctx: TContext): Promise<studentsApi.TMyStage> {
  return ctx.db(async (tx) => stageViewOf(tx, await getOwnProfile(tx, ctx)));
}

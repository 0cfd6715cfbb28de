import { type studentsApi, type TAnswers } from '@meridian/domain';
import { type TContext } from '../../../../platform/http/context.js';
import { saveCustomResponses } from '../../../forms/index.js';
import { getOwnProfile } from '../../student.policy.js';
import { PROFILE_SUBJECT } from '../stage-view.js';
import { stageViewOf } from '../stage-progress.js';

/** Draft answers to the current stage's questions (shapes checked, completeness not). */
export async function saveMyStageAnswers(ctx: TContext, answers: TAnswers): Promise<studentsApi.TMyStage> {
  return ctx.db(async (tx) => {
    const p = await getOwnProfile(tx, ctx);
    const before = await stageViewOf(tx, p);
    await saveCustomResponses(
      tx,
      ctx,
      PROFILE_SUBJECT,
      p.id,
      before.questions.questions.map((q) => q.id),
      answers,
    );
    return stageViewOf(tx, p);
  });
}

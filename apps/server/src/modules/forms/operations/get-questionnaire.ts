import type { formsApi } from '@meridian/domain';
import { requireActor, type TContext } from '../../../platform/http/context.js';
import { presentQuestionnaire } from '../questionnaire.presenter.js';
import { loadQuestionnaire, versionHasAnswers } from '../questionnaire-rules.js';

/** A questionnaire with its latest version's content. */
export async function getQuestionnaire(ctx: TContext, questionnaireId: string): Promise<formsApi.TQuestionnaire> {
  const actor = requireActor(ctx);
  return ctx.db(async (tx) => {
    const { row, version } = await loadQuestionnaire(tx, questionnaireId);
    return presentQuestionnaire(row, version, await versionHasAnswers(tx, version.id), actor);
  });
}

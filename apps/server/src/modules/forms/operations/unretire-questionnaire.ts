import type { formsApi } from '@meridian/domain';
import type { TContext } from '../../../platform/http/context.js';
import { setRetired } from '../questionnaire-retirement.js';

/** Brings a retired questionnaire back into use. */
export function unretireQuestionnaire(ctx: TContext, questionnaireId: string): Promise<formsApi.TQuestionnaire> {
  return setRetired(ctx, questionnaireId, false);
}

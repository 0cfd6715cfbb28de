import type { formsApi } from '@meridian/domain';
import type { TContext } from '../../../platform/http/context.js';
import { setRetired } from '../questionnaire-retirement.js';

/** Retires a questionnaire: hidden from new subjects, answers already given stay readable (docs/product/forms.md). */
export function retireQuestionnaire(ctx: TContext, questionnaireId: string): Promise<formsApi.TQuestionnaire> {
  return setRetired(ctx, questionnaireId, true);
}

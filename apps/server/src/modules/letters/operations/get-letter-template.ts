import type { lettersApi } from '@meridian/domain';
import type { TContext } from '../../../platform/http/context.js';
import { loadTemplate, presentLoaded } from '../letter-template.presenter.js';

/** One letter template (404 for one deleted or of another institution). */
export async function getLetterTemplate(ctx: TContext, templateId: string): Promise<lettersApi.TLetterTemplate> {
  return ctx.db(async (tx) => presentLoaded(tx, await loadTemplate(tx, templateId)));
}

import type { lettersApi } from '@meridian/domain';
import type { TContext } from '../../../platform/http/context.js';
import { loadTemplate } from '../letter-template.presenter.js';
import { assertUsable, letterForRecord, loadLetterhead } from '../letter-for-record.js';
import { buildLetterDocDefinition, renderPdf } from '../letter-pdf.js';
import { fileLetter } from './file-letter.js';

/**
 * Writes the letter for one record and files it on the record, or on a scholar case's sponsorship request
 * (docs/product/letters.md#generate-and-file).
 */
export async function generateLetter(
  ctx: TContext,
  templateId: string,
  input: lettersApi.TGenerateLetterInput,
): Promise<lettersApi.TGeneratedLetter> {
  const { template, parts, record, fileName } = await ctx.db(async (tx) => {
    const t = await loadTemplate(tx, templateId);
    assertUsable(t);
    return { template: t, ...(await letterForRecord(tx, ctx, t, await loadLetterhead(tx, ctx, t), input.recordId)) };
  });
  const data = await renderPdf(buildLetterDocDefinition([parts], fileName));
  return fileLetter(ctx, { template, record, visibility: input.visibility }, { fileName, data });
}

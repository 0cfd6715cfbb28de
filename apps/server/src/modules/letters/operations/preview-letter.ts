import type { TContext } from '../../../platform/http/context.js';
import { loadTemplate } from '../letter-template.presenter.js';
import { letterForRecord, loadLetterhead } from '../letter-for-record.js';
import { buildLetterDocDefinition, renderPdf } from '../letter-pdf.js';

/** The template merged for one record, as a PDF; nothing is filed (docs/product/letters.md#preview). */
export async function previewLetter(ctx: TContext, templateId: string, recordId: string): Promise<{ pdf: Buffer; fileName: string }> {
  const { parts, fileName } = await ctx.db(async (tx) => {
    const t = await loadTemplate(tx, templateId);
    return letterForRecord(tx, ctx, t, await loadLetterhead(tx, ctx, t), recordId);
  });
  return { pdf: await renderPdf(buildLetterDocDefinition([parts], fileName)), fileName };
}

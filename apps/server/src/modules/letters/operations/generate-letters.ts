import { and, eq } from 'drizzle-orm';
import { lettersApi, type jobsApi } from '@meridian/domain';
import { AppError, badRequest, fieldError } from '../../../platform/errors/app-error.js';
import { requireActor, type TContext } from '../../../platform/http/context.js';
import type { TJobRun } from '../../../platform/jobs/runner.js';
import { loadTemplate } from '../letter-template.presenter.js';
import { assertUsable, letterForRecord, letterRecord, loadLetterhead } from '../letter-for-record.js';
import { buildLetterDocDefinition, renderPdf, type TLetterParts } from '../letter-pdf.js';
import { lettersIssued } from '../schema.js';
import { fileLetter } from './file-letter.js';

/** What the batch job keeps: the template, the records in the order chosen, who sees the letters. */
export interface TGenerateLettersJob {
  templateId: string;
  recordIds: string[];
  visibility: lettersApi.TLetterVisibility;
}

export const LETTERS_PDF_NAME = 'letters.pdf';

/**
 * "Generate letters" for a list selection (docs/product/letters.md#many-at-once): the template must be
 * usable and every record one the caller may change and of the template's kind, settled now (an answer at
 * once, records of the wrong kind named on the field); the writing runs as a job the page follows.
 */
export async function startGenerateLetters(
  ctx: TContext,
  templateId: string,
  input: lettersApi.TGenerateLettersInput,
): Promise<jobsApi.TJob> {
  requireActor(ctx);
  const recordIds = [...new Set(input.recordIds)];
  await ctx.db(async (tx) => {
    const t = await loadTemplate(tx, templateId);
    assertUsable(t);
    // A scholar case's letter is written from the case (docs/product/letters.md#records).
    if (t.recordKind === 'scholarCase') throw fieldError('templateId', lettersApi.LETTER_MSG.batchScholarCase);
    const wrongKind: string[] = [];
    for (const id of recordIds) {
      try {
        await letterRecord(tx, ctx, t, id);
      } catch (e) {
        if (!(e instanceof AppError) || e.statusCode !== 400) throw e;
        wrongKind.push(id);
      }
    }
    if (wrongKind.length) {
      const records = t.recordKind === 'exchangeVisitor' ? 'exchange visitor (J-1) records' : 'student records';
      const message = `This template is for ${records}; ${wrongKind.length} of the chosen records are not. Choose only ${records}.`;
      throw badRequest(message, { recordIds: [message] });
    }
  });
  return ctx.services.jobs.enqueue(ctx, lettersApi.LETTER_BATCH_JOB, {
    templateId,
    recordIds,
    visibility: input.visibility,
  } satisfies TGenerateLettersJob);
}

/**
 * The job: each record's letter filed on its record (a record already filed by an earlier run of this job
 * is not filed again), then all of them in one PDF, each from a new page, kept as the job's file.
 */
export async function generateLettersJob({
  jobId,
  ctx,
  input,
  progress,
  saveFile,
}: TJobRun<TGenerateLettersJob>): Promise<lettersApi.TGenerateLettersResult> {
  const { template, head } = await ctx.db(async (tx) => {
    const t = await loadTemplate(tx, input.templateId);
    assertUsable(t);
    return { template: t, head: await loadLetterhead(tx, ctx, t) };
  });
  progress({ done: 0, total: input.recordIds.length, phase: 'Writing the letters' });
  const letters: TLetterParts[] = [];
  for (const [i, profileId] of input.recordIds.entries()) {
    const { parts, record, fileName, filed } = await ctx.db(async (tx) => {
      const [done] = await tx
        .select({ id: lettersIssued.id })
        .from(lettersIssued)
        .where(and(eq(lettersIssued.jobId, jobId), eq(lettersIssued.profileId, profileId)));
      return { ...(await letterForRecord(tx, ctx, template, head, profileId)), filed: !!done };
    });
    if (!filed) {
      const data = await renderPdf(buildLetterDocDefinition([parts], fileName));
      await fileLetter(ctx, { template, record, visibility: input.visibility, jobId }, { fileName, data });
    }
    letters.push(parts);
    progress({ done: i + 1 });
  }
  progress({ phase: 'Putting the letters together' });
  const combined = await renderPdf(buildLetterDocDefinition(letters, template.name));
  // pdf-lib is loaded on first use, not kept by every server from its start.
  const { PDFDocument } = await import('pdf-lib');
  const pages = (await PDFDocument.load(combined)).getPageCount();
  await saveFile(combined, LETTERS_PDF_NAME, 'application/pdf');
  return { filed: letters.length, pages };
}

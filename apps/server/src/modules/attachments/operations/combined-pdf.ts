import type { PDFDocument } from 'pdf-lib';
import { ATTACHMENT_MSG, attachmentsApi, type jobsApi } from '@meridian/domain';
import { writeAudit } from '../../../platform/audit/audit.js';
import type { TTx } from '../../../platform/db/database.js';
import { badRequest } from '../../../platform/errors/app-error.js';
import { missingFile } from '../../../platform/files/download.js';
import { fileStorage } from '../../../platform/files/storage.js';
import { requireActor, type TContext } from '../../../platform/http/context.js';
import type { TJobRun } from '../../../platform/jobs/runner.js';
import { loadManagedAttachment } from '../attachment.policy.js';

/** Images in generated PDFs are at most 532 wide: US Letter less 40 pt margins (docs/product/attachments.md#combined-pdf). */
const PAGE = { width: 612, height: 792, margin: 40, maxImageWidth: 532 };
/** Everything is held in memory while combining: keep one job's worth bounded. */
export const COMBINED_MAX_BYTES = 100 * 1024 * 1024;
/** The job kind that combines (docs/product/operations.md#long-work-runs-as-jobs). */
export const COMBINED_PDF_JOB = attachmentsApi.COMBINED_PDF_JOB;
export const COMBINED_PDF_NAME = 'combined-documents.pdf';

/** What the combining job keeps: the files, deduplicated, in the order asked. */
export interface TCombinedPdfJob {
  attachmentIds: string[];
}

/**
 * The files to combine, each one the caller manages (404 / 403 as for opening it), of a type that
 * combines and together within the size cap (400 on the field).
 */
async function combinableFiles(tx: TTx, ctx: TContext, ids: string[]) {
  const list = [];
  for (const id of ids) list.push((await loadManagedAttachment(tx, ctx, id)).row);
  const refused = list.filter((r) => !/^(application\/pdf|image\/png|image\/jpeg)/.test(r.contentType));
  if (refused.length) {
    const message = `${ATTACHMENT_MSG.notCombinable} Not possible: ${refused.map((r) => r.fileName).join(', ')}.`;
    throw badRequest(message, { attachmentIds: [message] });
  }
  if (list.reduce((n, r) => n + r.sizeBytes, 0) > COMBINED_MAX_BYTES) {
    const message = 'The selected files are too large to combine (100 MB at most).';
    throw badRequest(message, { attachmentIds: [message] });
  }
  return list;
}

/**
 * "Combined PDF" as a job: which files, and whether the caller may combine them, is settled now (an
 * answer at once, as before) and recorded in the audit trail; the merging runs as a job the Documents
 * tab follows.
 */
export async function startCombinedPdf(ctx: TContext, attachmentIds: string[]): Promise<jobsApi.TJob> {
  const actor = requireActor(ctx);
  const ids = [...new Set(attachmentIds)];
  await ctx.db(async (tx) => {
    await combinableFiles(tx, ctx, ids);
    await writeAudit(tx, {
      institutionId: ctx.institutionId,
      actorUserId: actor.userId,
      entityType: 'attachment',
      entityId: ids[0]!,
      action: 'attachment.combined',
      after: { attachmentIds: ids },
      ip: ctx.ip,
    });
  });
  return ctx.services.jobs.enqueue(ctx, COMBINED_PDF_JOB, { attachmentIds: ids } satisfies TCombinedPdfJob);
}

/**
 * The job: one PDF of the files in the order given, PDF pages copied, PNG/JPEG on pages of their own,
 * kept as the job's file. A file that cannot be read ends the job with its name on the field. Only
 * reads, so running it again after a crash just makes the PDF again.
 */
export async function combinedPdf({
  ctx,
  input,
  progress,
  saveFile,
}: TJobRun<TCombinedPdfJob>): Promise<attachmentsApi.TCombinedPdfResult> {
  // Checked again: a file deleted, or its request moved out of the caller's reach, since it was asked for is not combined.
  const rows = await ctx.db((tx) => combinableFiles(tx, ctx, input.attachmentIds));
  progress({ done: 0, total: rows.length, phase: 'Combining the documents' });
  const storage = fileStorage(ctx.services.config.dataDir);
  // pdf-lib is loaded on first use, not kept by every server from its start.
  const { PDFDocument: Pdf } = await import('pdf-lib');
  const out = await Pdf.create();
  out.setTitle('Combined documents');
  for (const [i, r] of rows.entries()) {
    const data = await storage
      .readBuffer(r.storageKey)
      .catch((e: unknown) => missingFile(e, { error: (o, m) => console.error(`${m}: ${JSON.stringify(o)}`) }));
    // A damaged file (a PDF whose page tree is broken, an image whose header lies) is the uploader's
    // problem to fix, named on the field, never a server error: reading, copying and embedding all count.
    const unreadable = () => {
      const kind = r.contentType.startsWith('application/pdf') ? 'a PDF' : 'an image';
      const message = `The file "${r.fileName}" could not be read as ${kind}.`;
      return badRequest(message, { attachmentIds: [message] });
    };
    if (r.contentType.startsWith('application/pdf')) {
      try {
        const src = await Pdf.load(data, { ignoreEncryption: true });
        const pages = await out.copyPages(src, src.getPageIndices());
        for (const p of pages) out.addPage(p);
      } catch {
        throw unreadable();
      }
    } else {
      let img: Awaited<ReturnType<PDFDocument['embedPng']>>;
      try {
        img = r.contentType.startsWith('image/png') ? await out.embedPng(data) : await out.embedJpg(data);
      } catch {
        throw unreadable();
      }
      const maxH = PAGE.height - 2 * PAGE.margin;
      const scale = Math.min(1, PAGE.maxImageWidth / img.width, maxH / img.height);
      const w = img.width * scale;
      const h = img.height * scale;
      const page = out.addPage([PAGE.width, PAGE.height]);
      page.drawImage(img, { x: PAGE.margin, y: PAGE.height - PAGE.margin - h, width: w, height: h });
    }
    progress({ done: i + 1 });
  }
  progress({ phase: 'Saving the PDF' });
  await saveFile(Buffer.from(await out.save()), COMBINED_PDF_NAME, 'application/pdf');
  return { documents: rows.length, pages: out.getPageCount() };
}

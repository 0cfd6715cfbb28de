import { PDFDocument } from 'pdf-lib';
import { ATTACHMENT_MSG } from '@meridian/domain';
import { writeAudit } from '../../../platform/audit/audit.js';
import { badRequest } from '../../../platform/errors/app-error.js';
import { fileStorage } from '../../../platform/files/storage.js';
import { requireActor, type TContext } from '../../../platform/http/context.js';
import { loadManagedAttachment } from '../attachment.policy.js';

/** Images in generated PDFs are at most 532 wide: US Letter less 40 pt margins (docs/product/attachments.md#combined-pdf). */
const PAGE = { width: 612, height: 792, margin: 40, maxImageWidth: 532 };
/** Everything is held in memory while combining: keep one request's worth bounded. */
export const COMBINED_MAX_BYTES = 100 * 1024 * 1024;

/** One PDF of several files, in the order given: PDF pages copied, PNG/JPEG on pages of their own. */
export async function combinedPdf(ctx: TContext, attachmentIds: string[]): Promise<Uint8Array> {
  const actor = requireActor(ctx);
  const ids = [...new Set(attachmentIds)];
  const rows = await ctx.db(async (tx) => {
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
    await writeAudit(tx, {
      institutionId: ctx.institutionId,
      actorUserId: actor.userId,
      entityType: 'attachment',
      entityId: ids[0]!,
      action: 'attachment.combined',
      after: { attachmentIds: ids },
      ip: ctx.ip,
    });
    return list;
  });
  const storage = fileStorage(ctx.services.config.dataDir);
  const out = await PDFDocument.create();
  out.setTitle('Combined documents');
  for (const r of rows) {
    const data = await storage.readBuffer(r.storageKey);
    // A damaged file (a PDF whose page tree is broken, an image whose header lies) is the uploader's
    // problem to fix, named on the field, never a server error: reading, copying and embedding all count.
    const unreadable = () => {
      const kind = r.contentType.startsWith('application/pdf') ? 'a PDF' : 'an image';
      const message = `The file "${r.fileName}" could not be read as ${kind}.`;
      return badRequest(message, { attachmentIds: [message] });
    };
    if (r.contentType.startsWith('application/pdf')) {
      try {
        const src = await PDFDocument.load(data, { ignoreEncryption: true });
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
  }
  return out.save();
}

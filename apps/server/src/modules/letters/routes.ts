import type { FastifyInstance } from 'fastify';
import { lettersApi } from '@meridian/domain';
import { AppError, fieldError, notFound } from '../../platform/errors/app-error.js';
import { contentDisposition } from '../../platform/files/download.js';
import { registerRawRoute, registerRoute } from '../../platform/http/route.js';
import type { TServices } from '../../platform/http/context.js';
import { registerJobKind } from '../../platform/jobs/runner.js';
import { deleteLetterTemplate } from './operations/delete-letter-template.js';
import { generateLetter } from './operations/generate-letter.js';
import { generateLettersJob, startGenerateLetters, type TGenerateLettersJob } from './operations/generate-letters.js';
import { getLetterTemplate } from './operations/get-letter-template.js';
import { listLetterTemplates } from './operations/list-letter-templates.js';
import { previewLetter } from './operations/preview-letter.js';
import { saveLetterTemplate } from './operations/save-letter-template.js';
import { uploadLetterSignature } from './operations/upload-letter-signature.js';

const M = lettersApi.LETTER_MSG;
const ZParams = lettersApi.ZTemplateParams;

/** Letter templates and the letters written from them (docs/product/letters.md). */
export function letterRoutes(app: FastifyInstance, s: TServices): void {
  registerRoute(app, s, lettersApi.listLetterTemplates, (ctx, { query }) => listLetterTemplates(ctx, query));
  registerRoute(app, s, lettersApi.getLetterTemplate, (ctx, { params }) => getLetterTemplate(ctx, params.templateId));
  registerRoute(app, s, lettersApi.saveLetterTemplate, (ctx, { body }) => saveLetterTemplate(ctx, body));
  registerRoute(app, s, lettersApi.deleteLetterTemplate, (ctx, { params }) => deleteLetterTemplate(ctx, params.templateId));
  registerRawRoute(app, s, lettersApi.uploadLetterSignature, async (ctx, req) => {
    const params = ZParams.safeParse(req.params);
    if (!params.success) throw notFound();
    if (!req.isMultipart()) throw fieldError('file', M.signatureRequired);
    let file: { fileName: string; data: Buffer } | null = null;
    try {
      const limits = { fileSize: lettersApi.LETTER_SIGNATURE_MAX_BYTES, files: 1, fields: 5, fieldSize: 1000 };
      for await (const part of req.parts({ limits })) {
        if (part.type !== 'file') continue;
        const data = await part.toBuffer();
        if (part.fieldname === 'file') file = { fileName: part.filename ?? '', data };
      }
    } catch (e) {
      const code = (e as { code?: string }).code;
      if (code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError(413, 'TOO_LARGE', M.signatureTooLarge, { file: [M.signatureTooLarge] });
      if (code === 'FST_FILES_LIMIT') throw fieldError('file', 'Upload one file at a time.');
      throw fieldError('file', 'The upload could not be read.');
    }
    if (!file) throw fieldError('file', M.signatureRequired);
    return uploadLetterSignature(ctx, params.data.templateId, file);
  });
  registerRawRoute(
    app,
    s,
    lettersApi.previewLetter,
    async (ctx, req, reply) => {
      const params = ZParams.safeParse(req.params);
      if (!params.success) throw notFound();
      const body = lettersApi.ZLetterForRecordInput.safeParse(req.body);
      if (!body.success) throw fieldError('recordId', body.error.issues[0]?.message ?? 'Choose a record.');
      const { pdf, fileName } = await previewLetter(ctx, params.data.templateId, body.data.recordId);
      return reply
        .header('Content-Type', 'application/pdf')
        .header('Content-Length', String(pdf.length))
        .header('Content-Disposition', contentDisposition(fileName))
        .header('X-Content-Type-Options', 'nosniff')
        .send(pdf);
    },
    { headers: { 'Cache-Control': 'no-store' } },
  );
  registerRoute(app, s, lettersApi.generateLetter, (ctx, { params, body }) => generateLetter(ctx, params.templateId, body));
  registerJobKind<TGenerateLettersJob>({ kind: lettersApi.LETTER_BATCH_JOB, run: generateLettersJob });
  registerRoute(app, s, lettersApi.generateLetters, (ctx, { params, body }) => startGenerateLetters(ctx, params.templateId, body), {
    startsJob: true,
  });
}

import type { FastifyInstance } from 'fastify';
import { institutionsApi } from '@meridian/domain';
import { AppError, fieldError, notFound } from '../../platform/errors/app-error.js';
import { fileStorage } from '../../platform/files/storage.js';
import { missingFile } from '../../platform/files/download.js';
import { registerRawRoute, registerRoute } from '../../platform/http/route.js';
import type { TServices } from '../../platform/http/context.js';
import { deleteLogo } from './operations/delete-logo.js';
import { getBranding } from './operations/get-branding.js';
import { getInstitutionSettings } from './operations/get-institution-settings.js';
import { getLogo } from './operations/get-logo.js';
import { updateInstitutionSettings } from './operations/update-institution-settings.js';
import { uploadLogo } from './operations/upload-logo.js';

const M = institutionsApi.LOGO_MSG;

export function institutionRoutes(app: FastifyInstance, s: TServices): void {
  registerRoute(app, s, institutionsApi.getBranding, (ctx) => getBranding(ctx));
  registerRoute(app, s, institutionsApi.getInstitutionSettings, (ctx) => getInstitutionSettings(ctx));
  registerRoute(app, s, institutionsApi.updateInstitutionSettings, (ctx, { body }) => updateInstitutionSettings(ctx, body));
  registerRawRoute(app, s, institutionsApi.uploadLogo, async (ctx, req) => {
    if (!req.isMultipart()) throw fieldError('file', M.required);
    let file: { fileName: string; data: Buffer } | null = null;
    try {
      for await (const part of req.parts({ limits: { fileSize: institutionsApi.LOGO_MAX_BYTES, files: 1, fields: 5, fieldSize: 1000 } })) {
        if (part.type !== 'file') continue;
        const data = await part.toBuffer();
        if (part.fieldname === 'file') file = { fileName: part.filename ?? '', data };
      }
    } catch (e) {
      const code = (e as { code?: string }).code;
      if (code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError(413, 'TOO_LARGE', M.tooLarge, { file: [M.tooLarge] });
      if (code === 'FST_FILES_LIMIT') throw fieldError('file', 'Upload one file at a time.');
      throw fieldError('file', 'The upload could not be read.');
    }
    if (!file) throw fieldError('file', M.required);
    return uploadLogo(ctx, file);
  });
  registerRoute(app, s, institutionsApi.deleteLogo, (ctx) => deleteLogo(ctx));
  registerRawRoute(app, s, institutionsApi.getLogo, async (ctx, req, reply) => {
    const params = institutionsApi.ZLogoFileParams.safeParse(req.params);
    if (!params.success) throw notFound();
    const logo = await getLogo(ctx, params.data.file);
    const data = await fileStorage(s.config.dataDir)
      .readBuffer(logo.storageKey)
      .catch((e: unknown) => missingFile(e, req.log));
    return (
      reply
        .header('Content-Type', logo.contentType)
        .header('Content-Length', String(data.length))
        // The address carries the content's hash: a new logo is a new address, so this one never changes.
        .header('Cache-Control', 'public, max-age=31536000, immutable')
        .header('ETag', `"${logo.sha256}"`)
        .header('X-Content-Type-Options', 'nosniff')
        // Opened on its own, an SVG is a document: it may draw itself and nothing else, and runs nothing.
        .header('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'; img-src data:; sandbox")
        .header('Cross-Origin-Resource-Policy', 'cross-origin')
        .send(data)
    );
  });
}

import type { FastifyInstance } from 'fastify';
import { IMPORT_MAX_BYTES, LEGACY_MSG, LEGACY_SCHOLAR_COLUMNS, LEGACY_SCHOLAR_MAX_ROWS, scholarsApi } from '@meridian/domain';
import { AppError } from '../../../platform/errors/app-error.js';
import { registerRawRoute } from '../../../platform/http/route.js';
import type { TServices } from '../../../platform/http/context.js';
import { checkImportFileType, legacyMatchingOf, readImportUpload, readLegacyFileColumns } from '../../students/index.js';
import { commitLegacyScholars, previewLegacyScholars } from './convert-legacy-scholars.js';

/** Reads the upload of a legacy export: the file, and its matching (required to check or convert). */
async function readUpload(req: Parameters<typeof readImportUpload>[0], needsMatching: boolean) {
  const upload = await readImportUpload(req, IMPORT_MAX_BYTES, LEGACY_MSG.fileRequired);
  checkImportFileType(upload.fileName, upload.data);
  const matching = legacyMatchingOf(upload.fields);
  if (needsMatching && !matching) throw new AppError(400, 'VALIDATION', LEGACY_MSG.mapping, { columns: [LEGACY_MSG.mapping] });
  return { upload, matching: matching ?? { columns: {}, dateFormat: 'MM/DD/YYYY' as const } };
}

/** Convert from Legacy for scholars (docs/product/convert-from-legacy.md#scholars). */
export function legacyConvertRoutes(app: FastifyInstance, s: TServices): void {
  registerRawRoute(app, s, scholarsApi.readScholarLegacyColumns, async (_ctx, req, reply) => {
    const { upload } = await readUpload(req, false);
    return reply.send(await readLegacyFileColumns(upload, LEGACY_SCHOLAR_COLUMNS, LEGACY_SCHOLAR_MAX_ROWS));
  });
  registerRawRoute(app, s, scholarsApi.previewScholarLegacyConversion, async (ctx, req, reply) => {
    const { upload, matching } = await readUpload(req, true);
    return reply.send(await previewLegacyScholars(ctx, upload, matching));
  });
  registerRawRoute(app, s, scholarsApi.commitScholarLegacyConversion, async (ctx, req, reply) => {
    const { upload, matching } = await readUpload(req, true);
    return reply.send(await commitLegacyScholars(ctx, upload, matching));
  });
}

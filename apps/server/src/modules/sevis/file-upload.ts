import type { FastifyRequest } from 'fastify';
import { AppError, badRequest, fieldError } from '../../platform/errors/app-error.js';

/** The one file part named 'file' of a multipart upload, at most maxBytes (SEVIS results and RTI lists). */
export async function readOneFile(
  req: FastifyRequest,
  maxBytes: number,
  requiredMessage: string,
): Promise<{ fileName: string; data: Buffer }> {
  if (!req.isMultipart()) throw fieldError('file', requiredMessage);
  let file: { fileName: string; data: Buffer } | null = null;
  const tooLarge = `The file is larger than ${Math.round(maxBytes / 1024 / 1024)} MB.`;
  try {
    for await (const part of req.parts({ limits: { fileSize: maxBytes, files: 1, fields: 5, fieldSize: 1000 } })) {
      if (part.type === 'file' && part.fieldname === 'file') file = { fileName: part.filename ?? '', data: await part.toBuffer() };
      else if (part.type === 'file') await part.toBuffer();
    }
  } catch (e) {
    const code = (e as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError(413, 'TOO_LARGE', tooLarge, { file: [tooLarge] });
    if (code === 'FST_FILES_LIMIT') throw fieldError('file', 'Upload one file at a time.');
    throw badRequest('The upload could not be read.');
  }
  if (!file || file.data.length === 0) throw fieldError('file', requiredMessage);
  return file;
}

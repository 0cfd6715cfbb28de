import type { FastifyRequest } from 'fastify';
import type { jobsApi } from '@meridian/domain';
import { AppError, badRequest, fieldError } from '../../platform/errors/app-error.js';
import { dropKept, keepForJob, withKeptInput } from '../../platform/jobs/kept-input.js';
import type { TContext } from '../../platform/http/context.js';

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

const ZIP_MAGIC = [0x50, 0x4b, 0x03, 0x04];
const SNIFF_BYTES = 8192;

/** Whether the bytes are a zip archive (an .xlsx workbook is one). */
export const isZipData = (d: Uint8Array) => d.length >= 4 && ZIP_MAGIC.every((b, i) => d[i] === b);

/**
 * The kind of an upload by its name and first bytes together, before anything is stored: an extension
 * of `zipped` must be a zip, one of `text` must be text (neither a zip nor binary). Cheap, so the
 * route refuses a wrong file at once; the job still reads the whole file with its own checks.
 */
export function uploadKind(
  fileName: string,
  data: Buffer,
  kinds: { zipped: string[]; text: string[] },
  message: string,
): { ext: string; isZip: boolean } {
  const ext = /\.([A-Za-z0-9]+)$/.exec(fileName)?.[1]?.toLowerCase() ?? '';
  const isZip = isZipData(data);
  if (kinds.zipped.includes(ext) && isZip) return { ext, isZip };
  if (kinds.text.includes(ext) && !isZip && !data.subarray(0, SNIFF_BYTES).includes(0)) return { ext, isZip };
  throw fieldError('file', message);
}

/** What a job that works on an upload gets: where the bytes are kept until it is over, and the file's name. */
export interface TUploadJobInput {
  storageKey: string;
  fileName: string;
}

/** Keeps an upload in file storage and starts the job that works on it (the job input never holds file contents). */
export async function startUploadJob(ctx: TContext, kind: string, file: { fileName: string; data: Buffer }): Promise<jobsApi.TJob> {
  const storageKey = await keepForJob(ctx, file.data);
  try {
    // A control character (NUL above all) cannot be stored in the job's input nor shown back.
    const fileName = file.fileName.replace(/\p{Cc}/gu, '');
    return await ctx.services.jobs.enqueue<TUploadJobInput>(ctx, kind, { storageKey, fileName });
  } catch (e) {
    await dropKept(ctx, storageKey);
    throw e;
  }
}

/** Runs a job's work on its stored upload (deleted once the job is over for good: see withKeptInput). */
export function withStoredUpload<T>(ctx: TContext, input: TUploadJobInput, work: (data: Buffer) => Promise<T>): Promise<T> {
  return withKeptInput(ctx, input.storageKey, work, {
    code: 'FILE_MISSING',
    message: 'The uploaded file is no longer kept on the server. Please upload it again.',
  });
}

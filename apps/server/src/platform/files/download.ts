import { AppError } from '../errors/app-error.js';
import { MissingFileError } from './file-storage.js';

/** A row without its stored bytes: say so plainly (and log it) rather than answer 500. */
export function missingFile(e: unknown, log: { error: (o: object, m: string) => void }): never {
  if (e instanceof MissingFileError) {
    log.error({ key: e.key }, 'stored file missing');
    throw new AppError(410, 'FILE_MISSING', 'The stored file is no longer available. Please ask the office.');
  }
  throw e;
}

/** RFC 6266/5987: an ASCII fallback and the exact UTF-8 name. */
export function contentDisposition(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  const encoded = encodeURIComponent(fileName).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

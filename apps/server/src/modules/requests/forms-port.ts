import type { TTx } from '../../platform/db/database.js';
import * as forms from '../forms/index.js';

/**
 * The forms and attachments modules' seams. Attachments is built in parallel and loaded at run
 * time until it lands (requests then work without the document check); replace with a static
 * import from '../attachments/index.js' once it exists.
 */
interface TAttachmentsModule {
  missingRequiredDocuments: (tx: TTx, requestId: string, documentIds: string[]) => Promise<{ documentId: string; name: string }[]>;
}

const ATTACHMENTS = '../attachments/index.js';

async function load<T>(path: string): Promise<T | null> {
  try {
    return (await import(/* @vite-ignore */ path)) as T;
  } catch (e) {
    if ((e as { code?: string }).code === 'ERR_MODULE_NOT_FOUND' || /Cannot find module/.test(String(e))) return null;
    throw e;
  }
}

export const formsModule = async () => forms;
export const attachmentsModule = () => load<TAttachmentsModule>(ATTACHMENTS);

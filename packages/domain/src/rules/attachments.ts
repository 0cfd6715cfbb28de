/** Upload rules shared by the browser (pre-checks) and the server (the real checks). */
export const ATTACHMENT_MAX_BYTES = 10 * 1024 * 1024;
export const ATTACHMENT_NAME_MAX = 200;

/** The kinds of content we recognise from their first bytes. */
export type TSniffedKind = 'pdf' | 'png' | 'jpeg' | 'gif' | 'docx' | 'xlsx' | 'ole' | 'text';

/** Allowed extensions, the content they must contain, and the type we store. */
export const ATTACHMENT_TYPES: Record<string, { kind: TSniffedKind; contentType: string }> = {
  pdf: { kind: 'pdf', contentType: 'application/pdf' },
  png: { kind: 'png', contentType: 'image/png' },
  jpg: { kind: 'jpeg', contentType: 'image/jpeg' },
  jpeg: { kind: 'jpeg', contentType: 'image/jpeg' },
  gif: { kind: 'gif', contentType: 'image/gif' },
  docx: { kind: 'docx', contentType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document' },
  xlsx: { kind: 'xlsx', contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' },
  doc: { kind: 'ole', contentType: 'application/msword' },
  xls: { kind: 'ole', contentType: 'application/vnd.ms-excel' },
  txt: { kind: 'text', contentType: 'text/plain; charset=utf-8' },
  csv: { kind: 'text', contentType: 'text/csv; charset=utf-8' },
};
/** What the upload takes, said before anything is chosen: the formats and the size limit. */
export const ATTACHMENT_FORMATS_HINT = `Accepted: ${Object.keys(ATTACHMENT_TYPES)
  .map((e) => e.toUpperCase())
  .join(', ')}; up to ${ATTACHMENT_MAX_BYTES / 1024 / 1024} MB each.`;
export const ATTACHMENT_ACCEPT = Object.keys(ATTACHMENT_TYPES)
  .map((e) => `.${e}`)
  .join(',');

export const ATTACHMENT_MSG = {
  tooLarge: 'The file is larger than 10 MB.',
  typeNotAllowed: 'This file type is not allowed. Allowed types: PDF, PNG, JPG, GIF, DOC, DOCX, XLS, XLSX, TXT, CSV.',
  empty: 'The file is empty.',
  fileRequired: 'Please choose a file.',
  infected: 'The file was refused by the virus scanner.',
  notCombinable: 'Only PDF, PNG and JPG files can be combined into one PDF.',
  targetRequired: 'An attachment belongs to a request or a person.',
} as const;

/** The extension of a file name, lower case, without the dot ('' when there is none). */
export function fileExtension(name: string): string {
  const m = /\.([A-Za-z0-9]{1,10})$/.exec(name);
  return m ? m[1]!.toLowerCase() : '';
}

/** C0 and C1 control characters: never part of a file name anyone meant. */
const isControlChar = (c: number) => c <= 0x1f || (c >= 0x7f && c <= 0x9f);

/**
 * A display-safe file name: no folders, no control characters, no leading dots, at most 200
 * characters with the extension kept. Never used as a storage path.
 */
export function sanitizeFileName(raw: string): string {
  let name = raw.split(/[\\/]/).pop() ?? '';

  name = name
    .split('')
    .filter((ch) => !isControlChar(ch.charCodeAt(0)))
    .join('')
    .replace(/[<>:"|?*]/g, '_')
    .replace(/\s+/g, ' ')
    .trim();
  name = name.replace(/^\.+/, '').trim();
  if (name.length > ATTACHMENT_NAME_MAX) {
    const ext = fileExtension(name);
    const keep = ext ? ATTACHMENT_NAME_MAX - ext.length - 1 : ATTACHMENT_NAME_MAX;
    name = ext ? `${name.slice(0, keep).trimEnd()}.${ext}` : name.slice(0, keep);
  }
  return name || 'file';
}

/** The browser's pre-check: the same messages the server gives, before a byte is sent. */
export function precheckAttachment(file: { name: string; size: number }): string | null {
  if (file.size > ATTACHMENT_MAX_BYTES) return ATTACHMENT_MSG.tooLarge;
  if (file.size === 0) return ATTACHMENT_MSG.empty;
  if (!ATTACHMENT_TYPES[fileExtension(file.name)]) return ATTACHMENT_MSG.typeNotAllowed;
  return null;
}

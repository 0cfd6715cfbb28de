import { describe, expect, it } from 'vitest';
import {
  ATTACHMENT_FORMATS_HINT,
  ATTACHMENT_MAX_BYTES,
  ATTACHMENT_MSG,
  fileExtension,
  precheckAttachment,
  sanitizeFileName,
} from './attachments.js';

describe('sanitizeFileName', () => {
  it('drops folders, control characters and leading dots', () => {
    expect(sanitizeFileName('C:\\Users\\me\\scan.pdf')).toBe('scan.pdf');
    expect(sanitizeFileName('../../etc/passwd')).toBe('passwd');
    expect(sanitizeFileName('a\u0000b\u001fc\u007f.pdf')).toBe('abc.pdf');
    expect(sanitizeFileName('...hidden.txt')).toBe('hidden.txt');
    expect(sanitizeFileName('what?<is>this|.pdf')).toBe('what__is_this_.pdf');
    expect(sanitizeFileName('   ')).toBe('file');
  });
  it('keeps the extension when cutting to 200 characters', () => {
    const name = sanitizeFileName(`${'é'.repeat(250)}.docx`);
    expect(name).toHaveLength(200);
    expect(fileExtension(name)).toBe('docx');
  });
});

describe('precheckAttachment', () => {
  it('says what the server would say', () => {
    expect(precheckAttachment({ name: 'a.pdf', size: ATTACHMENT_MAX_BYTES })).toBeNull();
    expect(precheckAttachment({ name: 'a.pdf', size: ATTACHMENT_MAX_BYTES + 1 })).toBe(ATTACHMENT_MSG.tooLarge);
    expect(precheckAttachment({ name: 'a.exe', size: 10 })).toBe(ATTACHMENT_MSG.typeNotAllowed);
    expect(precheckAttachment({ name: 'noext', size: 10 })).toBe(ATTACHMENT_MSG.typeNotAllowed);
    expect(precheckAttachment({ name: 'A.JPEG', size: 10 })).toBeNull();
    expect(precheckAttachment({ name: 'a.txt', size: 0 })).toBe(ATTACHMENT_MSG.empty);
  });
});

describe('what the upload takes, said up front', () => {
  it('names every accepted format and the size limit', () => {
    expect(ATTACHMENT_FORMATS_HINT).toBe('Accepted: PDF, PNG, JPG, JPEG, GIF, DOCX, XLSX, DOC, XLS, TXT, CSV; up to 10 MB each.');
  });
});

import { ATTACHMENT_TYPES, fileExtension, type TSniffedKind } from '@meridian/domain';

const startsWith = (b: Buffer, sig: number[]) => sig.every((v, i) => b[i] === v);

/** What the first bytes say the content is; null when we do not recognise it. */
export function sniffKind(b: Buffer): TSniffedKind | null {
  if (b.length === 0) return null;
  if (b.subarray(0, 5).toString('latin1') === '%PDF-') return 'pdf';
  if (startsWith(b, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (startsWith(b, [0xff, 0xd8, 0xff])) return 'jpeg';
  const head6 = b.subarray(0, 6).toString('latin1');
  if (head6 === 'GIF87a' || head6 === 'GIF89a') return 'gif';
  if (startsWith(b, [0x50, 0x4b, 0x03, 0x04])) {
    // Office Open XML: a zip whose part names say which application it belongs to.
    const names = b.subarray(0, Math.min(b.length, 64 * 1024)).toString('latin1');
    if (names.includes('word/')) return 'docx';
    if (names.includes('xl/')) return 'xlsx';
    return null;
  }
  if (startsWith(b, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])) return 'ole';
  // Text: no NUL bytes at all (executables and most binaries have plenty).
  if (!b.includes(0)) return 'text';
  return null;
}

/** The content type to store when the content matches the extension; null when it does not. */
export function allowedContentType(fileName: string, data: Buffer): string | null {
  const expected = ATTACHMENT_TYPES[fileExtension(fileName)];
  if (!expected) return null;
  return sniffKind(data) === expected.kind ? expected.contentType : null;
}

import { createRequire } from 'node:module';
import pdfmake from 'pdfmake';
import type { Content, TDocumentDefinitions } from 'pdfmake/interfaces';
import { renderMergeText, type lettersApi, type TMergeValues } from '@meridian/domain';

/** Images in generated PDFs are at most 532 wide: US Letter less 40 pt margins (docs/product/letters.md#the-pdf). */
export const LETTER_IMAGE_MAX_WIDTH = 532;
const LOGO_MAX_HEIGHT = 64;
const SIGNATURE_MAX_HEIGHT = 90;

export interface TLetterImage {
  data: Buffer;
  contentType: string;
}

/** What one letter is made of: the letterhead, the date, the body with its merge values, the signer. */
export interface TLetterParts {
  institutionName: string;
  logo: TLetterImage | null;
  addressLines: readonly string[];
  /** Today in the institution's time zone and date format. */
  dateText: string;
  blocks: readonly lettersApi.TLetterBlock[];
  values: TMergeValues;
  signature: TLetterImage | null;
  signerName: string;
  signerTitle: string;
}

/** Width and height in pixels of a PNG (its IHDR) or a JPEG (its first frame header); null when unreadable. */
export function imageSize(b: Buffer): { width: number; height: number } | null {
  if (b.length >= 24 && b.readUInt32BE(0) === 0x89504e47 && b.subarray(12, 16).toString('latin1') === 'IHDR') {
    const width = b.readUInt32BE(16);
    const height = b.readUInt32BE(20);
    return width > 0 && height > 0 ? { width, height } : null;
  }
  if (b.length >= 4 && b[0] === 0xff && b[1] === 0xd8) {
    let i = 2;
    while (i + 9 < b.length) {
      if (b[i] !== 0xff) return null;
      const marker = b[i + 1]!;
      if (marker === 0xff) {
        i += 1;
        continue;
      }
      const length = b.readUInt16BE(i + 2);
      // Start-of-frame markers (C0-CF but C4, C8, CC: tables and extensions) carry the size.
      if (marker >= 0xc0 && marker <= 0xcf && ![0xc4, 0xc8, 0xcc].includes(marker)) {
        const height = b.readUInt16BE(i + 5);
        const width = b.readUInt16BE(i + 7);
        return width > 0 && height > 0 ? { width, height } : null;
      }
      i += 2 + length;
    }
  }
  return null;
}

/** An image node no wider than the page allows, nor taller than its place in the letter; null when the file cannot be read. */
export function cappedImage(img: TLetterImage | null, maxHeight: number): Content | null {
  if (!img || !/^image\/(png|jpeg)$/.test(img.contentType)) return null;
  const size = imageSize(img.data);
  if (!size) return null;
  return {
    image: `data:${img.contentType};base64,${img.data.toString('base64')}`,
    fit: [Math.min(size.width, LETTER_IMAGE_MAX_WIDTH), Math.min(size.height, maxHeight)],
  };
}

/** Each run as a text node: merge values are text, never markup, and a value's own {{...}} stays as written. */
function runs(list: readonly lettersApi.TLetterRun[], values: TMergeValues): Content[] {
  return list.map((r) => ({ text: renderMergeText(r.text, values), bold: !!r.bold, italics: !!r.italic }));
}

function bodyContent(blocks: readonly lettersApi.TLetterBlock[], values: TMergeValues): Content[] {
  return blocks.map((b): Content => {
    if (b.type === 'heading') return { text: runs(b.runs, values), style: 'heading' };
    if (b.type === 'paragraph') return { text: runs(b.runs, values), style: 'paragraph' };
    const items = b.items.map((item) => ({ text: runs(item, values) }));
    return b.type === 'bulletList' ? { ul: items, style: 'paragraph' } : { ol: items, style: 'paragraph' };
  });
}

/** One letter's content, starting on a new page when it follows another. */
export function letterContent(p: TLetterParts, startsNewPage = false): Content[] {
  const logo = cappedImage(p.logo, LOGO_MAX_HEIGHT);
  const signature = cappedImage(p.signature, SIGNATURE_MAX_HEIGHT);
  const head: Content[] = [];
  if (logo) head.push({ ...(logo as object), margin: [0, 0, 0, 8] } as Content);
  head.push({ text: p.institutionName, style: 'institution' });
  for (const line of p.addressLines) if (line.trim()) head.push({ text: line, style: 'address' });
  const out: Content[] = [
    { stack: head, margin: [0, 0, 0, 24], ...(startsNewPage ? { pageBreak: 'before' as const } : {}) },
    { text: p.dateText, margin: [0, 0, 0, 18] },
    ...bodyContent(p.blocks, p.values),
    { text: '', margin: [0, 12, 0, 0] },
  ];
  if (signature) out.push(signature);
  if (p.signerName) out.push({ text: p.signerName, bold: true, margin: [0, 4, 0, 0] });
  if (p.signerTitle) out.push({ text: p.signerTitle });
  return out;
}

/** The pdfmake document of one or more letters (each from a new page), US Letter, Roboto, real text. */
export function buildLetterDocDefinition(letters: readonly TLetterParts[], title: string): TDocumentDefinitions {
  return {
    pageSize: 'LETTER',
    pageMargins: [40, 48, 40, 48],
    info: { title, creator: 'Meridian' },
    defaultStyle: { font: 'Roboto', fontSize: 11, lineHeight: 1.25 },
    styles: {
      institution: { fontSize: 14, bold: true },
      address: { fontSize: 9, color: '#444444' },
      heading: { fontSize: 13, bold: true, margin: [0, 6, 0, 6] },
      paragraph: { margin: [0, 0, 0, 10] },
    },
    content: letters.flatMap((l, i) => letterContent(l, i > 0)),
  };
}

let fontsReady = false;
/**
 * pdfmake reads only Roboto's files from disk and fetches nothing from the network: every image is
 * already in the document as data, so a path or address in a value could not be loaded anyway.
 */
function preparePdfmake(): void {
  if (fontsReady) return;
  const require = createRequire(import.meta.url);
  const fonts = require('pdfmake/fonts/Roboto.js') as { Roboto: Record<string, string> };
  const allowed = new Set(Object.values(fonts.Roboto));
  pdfmake.setFonts(fonts);
  pdfmake.setUrlAccessPolicy(() => false);
  pdfmake.setLocalAccessPolicy((path) => allowed.has(path));
  fontsReady = true;
}

/** The PDF of a document definition. */
export async function renderPdf(doc: TDocumentDefinitions): Promise<Buffer> {
  preparePdfmake();
  return pdfmake.createPdf(doc).getBuffer();
}

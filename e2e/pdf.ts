import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { ARTIFACTS } from './browser.js';

/**
 * A PDF the portal made, read as a person would (docs/product/letters.md): kept in e2e/artifacts as
 * `<name>.pdf` with its first page drawn as `<name>-page1.png`, and its text as pdftotext extracts it.
 */
export function keepPdf(pdf: Buffer, name: string): { text: string; pageImage: string } {
  fs.mkdirSync(ARTIFACTS, { recursive: true });
  const file = path.join(ARTIFACTS, `${name}.pdf`);
  fs.writeFileSync(file, pdf);
  const pageImage = path.join(ARTIFACTS, `${name}-page1`);
  execFileSync('pdftoppm', ['-png', '-r', '60', '-f', '1', '-l', '1', '-singlefile', file, pageImage]);
  const text = execFileSync('pdftotext', ['-enc', 'UTF-8', file, '-']).toString('utf8');
  return { text, pageImage: `${pageImage}.png` };
}

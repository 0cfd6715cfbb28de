import { z } from 'zod';

/**
 * A letter's body (docs/product/letters.md#the-body): a list of blocks (headings, paragraphs, bulleted
 * and numbered lists) whose text is runs, each plain, bold or italic. Stored as this JSON, never as
 * HTML, so nothing in a letter can be markup: the PDF gets each run as a text node.
 */
export const LETTER_BODY_MAX_BLOCKS = 200;
export const LETTER_RUN_MAX = 5000;

export const ZLetterRun = z.object({
  text: z.string().max(LETTER_RUN_MAX),
  bold: z.boolean().optional(),
  italic: z.boolean().optional(),
});
export type TLetterRun = z.infer<typeof ZLetterRun>;

const ZRuns = z.array(ZLetterRun).max(200);
export const ZLetterBlock = z.discriminatedUnion('type', [
  z.object({ type: z.literal('heading'), runs: ZRuns }),
  z.object({ type: z.literal('paragraph'), runs: ZRuns }),
  z.object({ type: z.literal('bulletList'), items: z.array(ZRuns).max(100) }),
  z.object({ type: z.literal('orderedList'), items: z.array(ZRuns).max(100) }),
]);
export type TLetterBlock = z.infer<typeof ZLetterBlock>;
export const ZLetterBody = z.array(ZLetterBlock).max(LETTER_BODY_MAX_BLOCKS);

const INLINE = /\*\*([^*]+)\*\*|\*([^*]+)\*/g;

/** The runs of one line of text: **bold**, *italic*, the rest plain. */
export function parseLetterRuns(line: string): TLetterRun[] {
  const runs: TLetterRun[] = [];
  let at = 0;
  for (const m of line.matchAll(INLINE)) {
    if (m.index > at) runs.push({ text: line.slice(at, m.index) });
    runs.push(m[1] !== undefined ? { text: m[1], bold: true } : { text: m[2]!, italic: true });
    at = m.index + m[0].length;
  }
  if (at < line.length) runs.push({ text: line.slice(at) });
  return runs;
}

const BULLET = /^\s*[-*•]\s+/;
const NUMBERED = /^\s*\d+[.)]\s+/;
const HEADING = /^\s*#{1,3}\s+/;

/**
 * The blocks the office's text stands for (the editor's simple marks): a line starting "# " is a
 * heading, "- " a bullet, "1. " a numbered item; a blank line ends a paragraph, and the lines of one
 * paragraph keep their line breaks.
 */
export function parseLetterMarkup(text: string): TLetterBlock[] {
  const blocks: TLetterBlock[] = [];
  let paragraph: string[] = [];
  const flush = () => {
    if (paragraph.length) blocks.push({ type: 'paragraph', runs: parseLetterRuns(paragraph.join('\n')) });
    paragraph = [];
  };
  for (const raw of text.replace(/\r\n?/g, '\n').split('\n')) {
    const line = raw.replace(/\s+$/, '');
    const last = blocks[blocks.length - 1];
    if (line.trim() === '') flush();
    else if (HEADING.test(line)) {
      flush();
      blocks.push({ type: 'heading', runs: parseLetterRuns(line.replace(HEADING, '')) });
    } else if (BULLET.test(line) || NUMBERED.test(line)) {
      flush();
      const type = BULLET.test(line) ? 'bulletList' : 'orderedList';
      const item = parseLetterRuns(line.replace(type === 'bulletList' ? BULLET : NUMBERED, ''));
      if (last?.type === type) last.items.push(item);
      else blocks.push({ type, items: [item] });
    } else paragraph.push(line);
  }
  flush();
  return blocks;
}

const runsText = (runs: TLetterRun[]) => runs.map((r) => (r.bold ? `**${r.text}**` : r.italic ? `*${r.text}*` : r.text)).join('');

/** The editor's text of a body: parseLetterMarkup's inverse. */
export function letterMarkup(blocks: readonly TLetterBlock[]): string {
  return blocks
    .map((b) => {
      if (b.type === 'heading') return `# ${runsText(b.runs)}`;
      if (b.type === 'paragraph') return runsText(b.runs);
      return b.items.map((item, i) => `${b.type === 'bulletList' ? '-' : `${i + 1}.`} ${runsText(item)}`).join('\n');
    })
    .join('\n\n');
}

/** Every run's text, for checking the merge tags a body uses. */
export function letterBodyText(blocks: readonly TLetterBlock[]): string {
  const runs = blocks.flatMap((b) => ('runs' in b ? [b.runs] : b.items));
  return runs.map((r) => r.map((x) => x.text).join('')).join('\n');
}

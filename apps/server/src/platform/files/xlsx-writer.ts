import { once } from 'node:events';
import type { Writable } from 'node:stream';
import zlib from 'node:zlib';

/*
 * A one-sheet XLSX workbook of text cells, written as a stream: the sheet's XML goes through Node's
 * own deflate straight into `out`, a batch of rows at a time, so memory holds one batch whatever the
 * number of rows, and no object is made per row or per cell (docs/decisions/026). The package is the
 * plain Office Open XML one a spreadsheet opens: [Content_Types].xml, the package and workbook
 * relationships, core and app properties, the workbook, a minimal style sheet and the worksheet, in a
 * ZIP whose last entry (the sheet) carries its CRC and sizes after its data, as streamed ZIPs do.
 * Cells are written as exceljs writes a string (`t="str"`), so every reader sees what it saw before.
 */

/** The media type a workbook is stored and downloaded as. */
export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * Text a spreadsheet could read as a formula (= + - @, or a leading tab or carriage return) gets a
 * leading apostrophe: nothing in an export or a downloaded file is ever evaluated.
 */
export function safeCell(v: string): string {
  return /^[=+\-@\t\r]/.test(v) ? `'${v}` : v;
}

/** An export's file name for the office's day: `{prefix}_{month}_{day}_{year}.xlsx` (e.g. Logs_3_9_2026.xlsx). */
export function datedXlsxName(prefix: string, today: string): string {
  const [y, m, d] = today.split('-').map(Number) as [number, number, number];
  return `${prefix}_${m}_${d}_${y}.xlsx`;
}

export interface TXlsxColumn {
  header: string;
  /** In characters, as spreadsheets measure column widths. */
  width?: number | undefined;
}

const XML_HEAD = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';
const NS_MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const NS_REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const NS_PKG_REL = 'http://schemas.openxmlformats.org/package/2006/relationships';

/** Characters XML 1.0 cannot hold (controls other than tab, line feed and carriage return; U+FFFE, U+FFFF; lone surrogates) are dropped. */
const NOT_XML =
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };

/** Text as XML character data or an attribute value. */
export function xmlText(v: string): string {
  return v.replace(NOT_XML, '').replace(/[&<>"']/g, (c) => ESCAPES[c]!);
}

/** A column's letters: 0 → A, 25 → Z, 26 → AA. */
export function columnLetters(index: number): string {
  let n = index + 1;
  let s = '';
  while (n > 0) {
    const r = (n - 1) % 26;
    s = String.fromCharCode(65 + r) + s;
    n = Math.floor((n - 1) / 26);
  }
  return s;
}

/** MS-DOS date and time of a moment (ZIP's entry times), in UTC. */
function dosDateTime(d: Date): { time: number; date: number } {
  const year = Math.max(1980, d.getUTCFullYear());
  return {
    time: (d.getUTCHours() << 11) | (d.getUTCMinutes() << 5) | Math.floor(d.getUTCSeconds() / 2),
    date: ((year - 1980) << 9) | ((d.getUTCMonth() + 1) << 5) | d.getUTCDate(),
  };
}

interface TEntry {
  name: Buffer;
  crc: number;
  compressed: number;
  size: number;
  offset: number;
  /** Sizes follow the data (general purpose flag bit 3). */
  streamed: boolean;
}

const FLAG_UTF8 = 0x0800;
const FLAG_DESCRIPTOR = 0x0008;
const DEFLATE = 8;
const VERSION = 20;

/** A ZIP of deflated entries written in order into `out`; the last one may be streamed. */
class ZipOut {
  private offset = 0;
  private readonly entries: TEntry[] = [];
  private readonly stamp: { time: number; date: number };

  constructor(
    private readonly out: Writable,
    at: Date,
  ) {
    this.stamp = dosDateTime(at);
  }

  async emit(buf: Buffer): Promise<void> {
    this.offset += buf.length;
    if (!this.out.write(buf)) await once(this.out, 'drain');
  }

  private localHeader(e: TEntry): Buffer {
    const h = Buffer.alloc(30);
    h.writeUInt32LE(0x04034b50, 0);
    h.writeUInt16LE(VERSION, 4);
    h.writeUInt16LE(FLAG_UTF8 | (e.streamed ? FLAG_DESCRIPTOR : 0), 6);
    h.writeUInt16LE(DEFLATE, 8);
    h.writeUInt16LE(this.stamp.time, 10);
    h.writeUInt16LE(this.stamp.date, 12);
    h.writeUInt32LE(e.streamed ? 0 : e.crc, 14);
    h.writeUInt32LE(e.streamed ? 0 : e.compressed, 18);
    h.writeUInt32LE(e.streamed ? 0 : e.size, 22);
    h.writeUInt16LE(e.name.length, 26);
    h.writeUInt16LE(0, 28);
    return Buffer.concat([h, e.name]);
  }

  /** A small part, whole in memory. */
  async add(name: string, text: string): Promise<void> {
    const data = Buffer.from(text, 'utf8');
    const deflated = zlib.deflateRawSync(data);
    const e: TEntry = {
      name: Buffer.from(name, 'utf8'),
      crc: zlib.crc32(data),
      compressed: deflated.length,
      size: data.length,
      offset: this.offset,
      streamed: false,
    };
    this.entries.push(e);
    await this.emit(this.localHeader(e));
    await this.emit(deflated);
  }

  /** A part written piece by piece: `write` each piece of its text, then `end`. */
  async stream(name: string): Promise<{ write: (text: string) => Promise<void>; end: () => Promise<void> }> {
    const e: TEntry = { name: Buffer.from(name, 'utf8'), crc: 0, compressed: 0, size: 0, offset: this.offset, streamed: true };
    this.entries.push(e);
    await this.emit(this.localHeader(e));
    // Level 5: on a sheet's repetitive XML as small as 6 (the default) in about 40 % of its time.
    const deflate = zlib.createDeflateRaw({ level: 5 });
    let failed: Error | null = null;
    deflate.on('error', (err) => (failed = err));
    // The compressed bytes go out as they come; while `out` is full, deflate waits (and so do writes).
    deflate.on('data', (chunk: Buffer) => {
      e.compressed += chunk.length;
      this.offset += chunk.length;
      if (!this.out.write(chunk)) {
        deflate.pause();
        this.out.once('drain', () => deflate.resume());
      }
    });
    const ended = once(deflate, 'end');
    return {
      write: async (text) => {
        if (failed) throw failed;
        const data = Buffer.from(text, 'utf8');
        e.crc = zlib.crc32(data, e.crc);
        e.size += data.length;
        if (!deflate.write(data)) await once(deflate, 'drain');
      },
      end: async () => {
        deflate.end();
        await ended;
        if (failed) throw failed;
        if (e.size > 0xffffffff || e.compressed > 0xffffffff) throw new Error('the sheet is too large for a ZIP32 workbook');
        const d = Buffer.alloc(16);
        d.writeUInt32LE(0x08074b50, 0);
        d.writeUInt32LE(e.crc, 4);
        d.writeUInt32LE(e.compressed, 8);
        d.writeUInt32LE(e.size, 12);
        await this.emit(d);
      },
    };
  }

  /** The central directory and its end record. */
  async finish(): Promise<void> {
    const start = this.offset;
    for (const e of this.entries) {
      const h = Buffer.alloc(46);
      h.writeUInt32LE(0x02014b50, 0);
      h.writeUInt16LE(VERSION, 4);
      h.writeUInt16LE(VERSION, 6);
      h.writeUInt16LE(FLAG_UTF8 | (e.streamed ? FLAG_DESCRIPTOR : 0), 8);
      h.writeUInt16LE(DEFLATE, 10);
      h.writeUInt16LE(this.stamp.time, 12);
      h.writeUInt16LE(this.stamp.date, 14);
      h.writeUInt32LE(e.crc, 16);
      h.writeUInt32LE(e.compressed, 20);
      h.writeUInt32LE(e.size, 24);
      h.writeUInt16LE(e.name.length, 28);
      // Extra field, comment, disk number, internal and external attributes: none.
      h.writeUInt32LE(e.offset, 42);
      await this.emit(Buffer.concat([h, e.name]));
    }
    const end = Buffer.alloc(22);
    end.writeUInt32LE(0x06054b50, 0);
    end.writeUInt16LE(this.entries.length, 8);
    end.writeUInt16LE(this.entries.length, 10);
    end.writeUInt32LE(this.offset - start, 12);
    end.writeUInt32LE(start, 16);
    await this.emit(end);
  }
}

/** The package's fixed parts, for a sheet named `sheetName`. */
function packageParts(sheetName: string, creator: string, at: Date): [string, string][] {
  const when = `${at.toISOString().slice(0, 19)}Z`;
  const name = xmlText(sheetName);
  return [
    [
      '[Content_Types].xml',
      `${XML_HEAD}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/><Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/><Override PartName="/docProps/core.xml" ContentType="application/vnd.openxmlformats-package.core-properties+xml"/><Override PartName="/docProps/app.xml" ContentType="application/vnd.openxmlformats-officedocument.extended-properties+xml"/></Types>`,
    ],
    [
      '_rels/.rels',
      `${XML_HEAD}<Relationships xmlns="${NS_PKG_REL}"><Relationship Id="rId1" Type="${NS_REL}/officeDocument" Target="xl/workbook.xml"/><Relationship Id="rId2" Type="http://schemas.openxmlformats.org/package/2006/relationships/metadata/core-properties" Target="docProps/core.xml"/><Relationship Id="rId3" Type="${NS_REL}/extended-properties" Target="docProps/app.xml"/></Relationships>`,
    ],
    [
      'docProps/core.xml',
      `${XML_HEAD}<cp:coreProperties xmlns:cp="http://schemas.openxmlformats.org/package/2006/metadata/core-properties" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:dcterms="http://purl.org/dc/terms/" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"><dc:creator>${xmlText(creator)}</dc:creator><dcterms:created xsi:type="dcterms:W3CDTF">${when}</dcterms:created><dcterms:modified xsi:type="dcterms:W3CDTF">${when}</dcterms:modified></cp:coreProperties>`,
    ],
    [
      'docProps/app.xml',
      `${XML_HEAD}<Properties xmlns="http://schemas.openxmlformats.org/officeDocument/2006/extended-properties" xmlns:vt="http://schemas.openxmlformats.org/officeDocument/2006/docPropsVTypes"><Application>${xmlText(creator)}</Application><TitlesOfParts><vt:vector size="1" baseType="lpstr"><vt:lpstr>${name}</vt:lpstr></vt:vector></TitlesOfParts></Properties>`,
    ],
    [
      'xl/workbook.xml',
      `${XML_HEAD}<workbook xmlns="${NS_MAIN}" xmlns:r="${NS_REL}"><sheets><sheet name="${name}" sheetId="1" r:id="rId1"/></sheets></workbook>`,
    ],
    [
      'xl/_rels/workbook.xml.rels',
      `${XML_HEAD}<Relationships xmlns="${NS_PKG_REL}"><Relationship Id="rId1" Type="${NS_REL}/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Type="${NS_REL}/styles" Target="styles.xml"/></Relationships>`,
    ],
    [
      'xl/styles.xml',
      `${XML_HEAD}<styleSheet xmlns="${NS_MAIN}"><fonts count="1"><font><sz val="11"/><name val="Calibri"/><family val="2"/></font></fonts><fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills><borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders><cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs><cellXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/></cellXfs><cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles></styleSheet>`,
    ],
  ];
}

/** One sheet of text, its first row the columns' headers; rows are added a batch at a time. */
export class XlsxSheetWriter {
  private zip: ZipOut;
  private sheet: Awaited<ReturnType<ZipOut['stream']>> | null = null;
  private row = 0;
  private readonly letters: string[];

  constructor(
    out: Writable,
    private readonly o: { sheetName: string; columns: TXlsxColumn[]; creator: string; at?: Date },
  ) {
    this.zip = new ZipOut(out, o.at ?? new Date());
    this.letters = o.columns.map((_, i) => columnLetters(i));
  }

  private rowXml(values: readonly string[]): string {
    this.row += 1;
    const r = this.row;
    let s = `<row r="${r}">`;
    for (let i = 0; i < values.length; i++)
      s += `<c r="${this.letters[i] ?? columnLetters(i)}${r}" t="str"><v>${xmlText(values[i]!)}</v></c>`;
    return `${s}</row>`;
  }

  /** Writes the package's fixed parts and opens the sheet with its column widths and header row. */
  async start(): Promise<void> {
    for (const [name, text] of packageParts(this.o.sheetName, this.o.creator, this.o.at ?? new Date())) await this.zip.add(name, text);
    this.sheet = await this.zip.stream('xl/worksheets/sheet1.xml');
    const cols = this.o.columns
      .map((c, i) => (c.width ? `<col min="${i + 1}" max="${i + 1}" width="${c.width}" customWidth="1"/>` : ''))
      .join('');
    await this.sheet.write(
      `${XML_HEAD}<worksheet xmlns="${NS_MAIN}" xmlns:r="${NS_REL}">${cols ? `<cols>${cols}</cols>` : ''}<sheetData>${this.rowXml(this.o.columns.map((c) => c.header))}`,
    );
  }

  /** A batch of rows, each its cells' text in column order. */
  async addRows(rows: readonly (readonly string[])[]): Promise<void> {
    if (!this.sheet) throw new Error('start the sheet first');
    if (!rows.length) return;
    let s = '';
    for (const r of rows) s += this.rowXml(r);
    await this.sheet.write(s);
  }

  /** Closes the sheet and the ZIP; `out` is not ended. */
  async finish(): Promise<void> {
    if (!this.sheet) throw new Error('start the sheet first');
    await this.sheet.write('</sheetData></worksheet>');
    await this.sheet.end();
    await this.zip.finish();
  }
}

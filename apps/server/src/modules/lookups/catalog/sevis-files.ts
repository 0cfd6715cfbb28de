import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/**
 * SEVIS's code lists as the server ships them (apps/server/sevis-xsd): the batch schemas' SEVISTable.xsd of
 * each release and SEVIS's code tables ("SEVIS Table N - ...txt"). The lookups are seeded from these files, so
 * a new SEVIS release dropped into the folder brings its codes with it (docs/product/lookups.md#where-the-values-come-from).
 */
const XSD_DIR = fileURLToPath(new URL('../../../../sevis-xsd/', import.meta.url));

export type TSevisSchema = 'student' | 'ev';
const SCHEMA_FOLDER: Record<TSevisSchema, string> = { student: 'student-6.55', ev: 'exchange-visitor-6.27' };

const tableXsd = new Map<TSevisSchema, string>();

/** One enumeration of a schema's SEVISTable.xsd: each value with its documentation (empty when it has none). */
export function xsdEnumeration(schema: TSevisSchema, typeName: string): { code: string; doc: string }[] {
  let src = tableXsd.get(schema);
  if (!src) {
    src = readFileSync(`${XSD_DIR}${SCHEMA_FOLDER[schema]}/SEVISTable.xsd`, 'utf8');
    tableXsd.set(schema, src);
  }
  const start = src.indexOf(`<xs:simpleType name="${typeName}">`);
  if (start < 0) throw new Error(`SEVISTable.xsd (${schema}) has no type ${typeName}`);
  const body = src.slice(start, src.indexOf('</xs:simpleType>', start));
  const out: { code: string; doc: string }[] = [];
  const re = /<xs:enumeration value="([^"]*)"\s*(?:\/>|>\s*(?:<xs:annotation>\s*<xs:documentation>([^<]*)<\/xs:documentation>)?)/g;
  for (const m of body.matchAll(re)) out.push({ code: m[1]!, doc: decodeXml((m[2] ?? '').trim()) });
  return out;
}

/**
 * The explanation codes a U.S. address may carry to keep an address SEVIS's address check cannot confirm
 * (Common.xsd USAddrDoctorType ExplanationCode; SEVIS S1146), the empty value left out.
 */
export function addressOverrideCodes(): string[] {
  const src = readFileSync(`${XSD_DIR}${SCHEMA_FOLDER.student}/Common.xsd`, 'utf8');
  const type = src.indexOf('<xs:complexType name="USAddrDoctorType">');
  const element = src.indexOf('name="ExplanationCode"', type);
  if (type < 0 || element < 0) throw new Error('Common.xsd (student) has no USAddrDoctorType ExplanationCode');
  const body = src.slice(element, src.indexOf('</xs:simpleType>', element));
  return [...body.matchAll(/<xs:enumeration value="([^"]*)"/g)].map((m) => m[1]!).filter((c) => c !== '');
}

const decodeXml = (s: string) =>
  s
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'");

/** A SEVIS code table's rows, in the table's order: the code and the cells after it. */
export function sevisTable(n: number): { code: string; cells: string[] }[] {
  const dir = `${XSD_DIR}tables/`;
  const file = readdirSync(dir).find((f) => f.startsWith(`SEVIS Table ${n} - `));
  if (!file) throw new Error(`SEVIS Table ${n} is missing from ${dir}`);
  const rows: { code: string; cells: string[] }[] = [];
  // Line 1 names the file, line 2 is the header; the rows end at '----'.
  for (const line of readFileSync(`${dir}${file}`, 'utf8').split('\n').slice(2)) {
    if (line.startsWith('----')) break;
    const cells = line.split('|').map((c) => c.trim());
    if (cells[0]) rows.push({ code: cells[0], cells: cells.slice(1) });
  }
  return rows;
}

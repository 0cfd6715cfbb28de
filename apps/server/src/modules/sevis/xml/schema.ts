import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { validateXML, memoryPages, type XMLFileInfo } from 'xmllint-wasm';

export type TBatchKind = 'student' | 'ev';

/** The official schema folder and root XSD of each batch kind (apps/server/sevis-xsd, copied into the project). */
const SCHEMAS: Record<TBatchKind, { folder: string; main: string; parts: string[] }> = {
  student: { folder: 'student-6.55', main: 'Create-UpdateStudent.xsd', parts: ['Common.xsd', 'SEVISTable.xsd'] },
  ev: { folder: 'exchange-visitor-6.27', main: 'Create-UpdateExchangeVisitor.xsd', parts: ['Common.xsd', 'SEVISTable.xsd'] },
};

/**
 * The XSD folder, found relative to this module (src/modules/sevis/xml -> apps/server/sevis-xsd), so
 * it works from tsx, from tests and from any working directory; never ../shared.
 */
export function schemaDir(kind: TBatchKind): string {
  return fileURLToPath(new URL(`../../../../sevis-xsd/${SCHEMAS[kind].folder}/`, import.meta.url));
}

export function schemaMainPath(kind: TBatchKind): string {
  return schemaDir(kind) + SCHEMAS[kind].main;
}

const fileCache = new Map<TBatchKind, { schema: XMLFileInfo; preload: XMLFileInfo[]; table: string }>();

/** The schema files read once per process (the main XSD imports Common.xsd and SEVISTable.xsd by file name). */
function schemaFiles(kind: TBatchKind) {
  let files = fileCache.get(kind);
  if (!files) {
    const dir = schemaDir(kind);
    const { main, parts } = SCHEMAS[kind];
    const read = (name: string): XMLFileInfo => ({ fileName: name, contents: readFileSync(dir + name, 'utf8') });
    const preload = parts.map(read);
    files = { schema: read(main), preload, table: String(preload.find((p) => p.fileName === 'SEVISTable.xsd')!.contents) };
    fileCache.set(kind, files);
  }
  return files;
}

export interface TSchemaError {
  line: number | null;
  message: string;
}

/**
 * Validates batch documents against the official XSD with xmllint-wasm (no system dependency).
 * Several documents go through one xmllint run, so the schema is parsed once for all of them.
 * Returns each document's errors (empty = valid).
 */
export async function validateAgainstXsd(kind: TBatchKind, xmls: string[]): Promise<TSchemaError[][]> {
  if (!xmls.length) return [];
  const { schema, preload } = schemaFiles(kind);
  const names = xmls.map((_, i) => `batch_${i}.xml`);
  const totalBytes = xmls.reduce((n, x) => n + x.length, 0);
  // The default 32 MiB is enough for one batch; many at once need room for their trees.
  const maxMemoryPages = Math.min(memoryPages.max, memoryPages.defaultMaxMemoryPages + Math.ceil((totalBytes * 12) / (64 * 1024)));
  const result = await validateXML({
    xml: xmls.map((contents, i) => ({ fileName: names[i]!, contents })),
    schema,
    preload,
    maxMemoryPages,
  });
  const out: TSchemaError[][] = xmls.map(() => []);
  if (result.valid) return out;
  const located = result.errors.some((e) => e.loc && names.includes(e.loc.fileName));
  for (const e of result.errors) {
    const i = e.loc ? names.indexOf(e.loc.fileName) : -1;
    if (i >= 0) out[i]!.push({ line: e.loc!.lineNumber, message: e.message });
    // Lines without a position are xmllint's "<file> fails to validate" and the context it quotes
    // under a parser error; only when nothing was located is every document in doubt (schema
    // trouble, out of memory).
    else if (!located && e.message.trim() && !/fails to validate$/.test(e.message.trim())) {
      for (const list of out) list.push({ line: null, message: e.message.trim() });
    }
  }
  return out;
}

const enumCache = new Map<string, Map<string, string>>();

/**
 * The values (and their documentation label, where the schema gives one) of a code list of
 * SEVISTable.xsd, e.g. 'CntryCodeWithoutType', 'StateCodeType', 'ProgSubjectCodeType'.
 */
export function codeList(kind: TBatchKind, typeName: string): Map<string, string> {
  const key = `${kind}:${typeName}`;
  let list = enumCache.get(key);
  if (!list) {
    const src = schemaFiles(kind).table;
    const start = src.indexOf(`<xs:simpleType name="${typeName}">`);
    if (start < 0) throw new Error(`SEVISTable.xsd (${kind}) has no type ${typeName}`);
    const body = src.slice(start, src.indexOf('</xs:simpleType>', start));
    list = new Map();
    const re = /<xs:enumeration value="([^"]*)"\s*(\/>|>\s*(?:<xs:annotation>\s*<xs:documentation>([^<]*)<\/xs:documentation>)?)/g;
    for (const m of body.matchAll(re)) list.set(m[1]!, (m[3] ?? '').trim());
    enumCache.set(key, list);
  }
  return list;
}

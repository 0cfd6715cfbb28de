import { readFile } from 'node:fs/promises';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { validateXML } from 'xmllint-wasm';
import { sevisApi, textOf } from '@meridian/domain';
import { AppError } from '../../../platform/errors/app-error.js';
import { readZipEntries, ZipRefusedError, type TZipLimits } from '../../../platform/files/zip.js';
import { uploadKind } from '../file-upload.js';

const M = sevisApi.TRANSLOG_MSG;
const fileError = (message: string) => new AppError(400, 'VALIDATION', message, { file: [message] });

/** The 6.27 folder holds SevisTransLog.xsd with the Common/SEVISTable it imports (read once). */
const XSD_DIR = new URL('../../../../sevis-xsd/exchange-visitor-6.27/', import.meta.url);
let schemaFiles: Promise<{ fileName: string; contents: string }[]> | null = null;
function transLogSchema() {
  schemaFiles ??= Promise.all(
    ['SevisTransLog.xsd', 'Common.xsd', 'SEVISTable.xsd'].map(async (fileName) => ({
      fileName,
      contents: await readFile(new URL(fileName, XSD_DIR), 'utf8'),
    })),
  );
  return schemaFiles;
}

/** A transaction log file as uploaded (XML, or a ZIP holding it). */
export interface TUploadedLog {
  /** The transaction log's XML text. */
  xml: string;
  fileName: string;
  /** Printed forms (PDF) found beside the log in a zip, by their name in the zip. */
  forms: { name: string; data: Uint8Array }[];
}

/**
 * What SEVIS's zip may unpack to: the log (at most TRANSLOG_MAX_BYTES) and one printed form per record,
 * 100 MB in all; XML packs about 10-30 to 1 and PDFs barely, so 100 to 1 over the file is generous.
 */
export const TRANSLOG_ZIP_LIMITS: TZipLimits = {
  maxEntries: 5000,
  maxEntryBytes: sevisApi.TRANSLOG_MAX_BYTES,
  maxTotalBytes: 100 * 1024 * 1024,
  maxRatio: 100,
};

const baseName = (n: string) => n.split(/[\\/]/).pop() ?? n;

/** Text as UTF-8 (SEVIS writes UTF-8; a byte-order mark is dropped). */
function utf8(data: Uint8Array): string {
  const s = new TextDecoder('utf-8').decode(data);
  return s.charCodeAt(0) === 0xfeff ? s.slice(1) : s;
}

/** What an upload must be to be read as a transaction log, by name and first bytes (cheap: the route checks it before storing). */
export const transLogKind = (fileName: string, data: Buffer) => uploadKind(fileName, data, { zipped: ['zip'], text: ['xml'] }, M.fileType);

/**
 * An upload as a transaction log: the XML itself, or the zip SEVIS returns (sevis_transaction_log.xml
 * and the printed forms). Type by content and name together, as every upload here.
 */
export async function readTransLogUpload(fileName: string, data: Buffer): Promise<TUploadedLog> {
  if (transLogKind(fileName, data).isZip) {
    let entries: Map<string, Uint8Array>;
    try {
      // Only the log and PDFs are inflated, anything else is skipped; the limits stop a zip bomb.
      entries = await readZipEntries(new Uint8Array(data), (name) => /\.(xml|pdf)$/i.test(name), TRANSLOG_ZIP_LIMITS);
    } catch (e) {
      throw fileError(e instanceof ZipRefusedError && e.reason !== 'corrupt' ? M.zipTooLarge : M.fileType);
    }
    const names = [...entries.keys()];
    const logName =
      names.find((n) => baseName(n).toLowerCase() === 'sevis_transaction_log.xml') ??
      (names.filter((n) => /\.xml$/i.test(n)).length === 1 ? names.find((n) => /\.xml$/i.test(n)) : undefined);
    if (!logName) throw fileError(M.zipWithoutLog);
    const forms = names
      .filter((n) => /\.pdf$/i.test(n))
      .map((n) => ({ name: baseName(n), data: entries.get(n)! }))
      .filter((f) => f.data.length > 4 && utf8(f.data.subarray(0, 5)) === '%PDF-');
    return { xml: utf8(entries.get(logName)!), fileName, forms };
  }
  return { xml: utf8(data), fileName, forms: [] };
}

/** Validates against the official SevisTransLog.xsd (xmllint-wasm, like the batches); a DTD is refused outright. */
export async function validateTransLog(xml: string): Promise<void> {
  // SEVIS never sends a DTD; refusing one keeps entity expansion out of every parser below.
  if (/<!DOCTYPE|<!ENTITY/i.test(xml) || XMLValidator.validate(xml) !== true) throw fileError(M.notWellFormed);
  const [schema, ...preload] = await transLogSchema();
  const res = await validateXML({ xml: [{ fileName: 'sevis_transaction_log.xml', contents: xml }], schema: [schema!], preload });
  if (!res.valid) {
    const first = res.errors
      .slice(0, 3)
      .map((e) => e.message.trim())
      .join(' ');
    throw fileError(`${M.invalid} ${first}`.slice(0, 600));
  }
}

/** One record's result in a transaction log. */
export interface TLogRecord {
  requestId: string;
  sevisId: string | null;
  isSuccess: boolean;
  errorCode: string;
  errorMessage: string;
  dependents: { sevisId: string | null; userDefinedA: string; userDefinedB: string }[];
  /** Sites SEVIS added with the record (sites of activity, T/IPP sites): its SiteId, the name it knows the site by, and a T/IPP site's phases. */
  sites: { sevisSiteId: string; siteName: string; phases: { sevisPhaseId: string; phaseName: string }[] }[];
}

/** A transaction log read: its batch, its records' results and its printed forms. */
export interface TParsedLog {
  batchId: string;
  orgId: string;
  uploadCode: string;
  processCode: string;
  downloadCode: string;
  records: TLogRecord[];
}

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
  isArray: (name) => name === 'Record' || name === 'Dependent' || name === 'SiteOfActivity' || name === 'Employer' || name === 'Phase',
});

type TNode = Record<string, unknown>;
const str = (v: unknown): string =>
  (v === undefined || v === null ? '' : typeof v === 'object' ? str((v as TNode)['#text']) : textOf(v)).trim();
const yes = (v: unknown) => ['true', '1', 'y', 'yes'].includes(str(v).toLowerCase());

/** The facts of a validated log: header, batch-level codes and each record's result. */
export function parseTransLog(xml: string): TParsedLog {
  const doc = parser.parse(xml) as { TransactionLog?: TNode };
  const root = doc.TransactionLog ?? {};
  const header = (root.BatchHeader ?? {}) as TNode;
  const detail = (root.BatchDetail ?? {}) as TNode;
  const upload = (detail.Upload ?? {}) as TNode;
  const process = (detail.Process ?? null) as TNode | null;
  const download = (detail.Download ?? {}) as TNode;
  const records = ((process?.Record ?? []) as TNode[]).map((r) => {
    const result = (r.Result ?? {}) as TNode;
    return {
      requestId: str(r['@_requestID']),
      sevisId: str(r['@_sevisID']) || null,
      isSuccess: yes(result['@_status']),
      errorCode: str(result.ErrorCode),
      errorMessage: str(result.ErrorMessage),
      dependents: ((r.Dependent ?? []) as TNode[]).map((d) => ({
        sevisId: str(d['@_dependentSevisID']) || null,
        userDefinedA: str(d.UserDefinedA),
        userDefinedB: str(d.UserDefinedB),
      })),
      sites: ((r.SiteOfActivity ?? []) as TNode[])
        .map((x) => ({
          sevisSiteId: str(x.SiteId),
          siteName: str(x.SiteName),
          phases: ((x.Phase ?? []) as TNode[])
            .map((ph) => ({ sevisPhaseId: str(ph.PhaseId), phaseName: str(ph.PhaseName) }))
            .filter((ph) => ph.sevisPhaseId),
        }))
        .filter((x) => x.sevisSiteId || x.phases.length),
    };
  });
  return {
    batchId: str(header.BatchID),
    orgId: str(header.OrgID),
    uploadCode: str(upload['@_resultCode']),
    processCode: process ? str(process['@_resultCode']) : '',
    downloadCode: str(download['@_resultCode']),
    records,
  };
}

/**
 * The batch-level outcome: 'processed' (records carry their own results), 'not-processed' (S0030:
 * nothing to apply yet) or 'failed' (the whole batch was refused, e.g. S0013: every record failed).
 */
export function batchOutcome(log: TParsedLog): { kind: 'processed' | 'not-processed' | 'failed'; code: string; message: string } {
  const label = (c: string) => sevisApi.SEVIS_BATCH_RESULT_CODES[c] ?? 'SEVIS result';
  if (log.uploadCode && log.uploadCode !== 'S0000') return { kind: 'failed', code: log.uploadCode, message: label(log.uploadCode) };
  if (log.processCode === 'S0030' || (!log.processCode && log.downloadCode === 'S0030'))
    return { kind: 'not-processed', code: 'S0030', message: label('S0030') };
  if (!log.processCode && log.records.length === 0) {
    const code = log.downloadCode && log.downloadCode !== 'S0000' ? log.downloadCode : 'S0001';
    return { kind: 'failed', code, message: label(code) };
  }
  const code = log.processCode || 'S0000';
  if (log.records.length === 0 && code !== 'S0000') return { kind: 'failed', code, message: label(code) };
  return { kind: 'processed', code, message: label(code) };
}

/**
 * A log's canonical form: its parsed elements, attributes and text with whitespace between and around
 * them dropped, so the same log saved with other line endings, indentation or a byte-order mark is
 * known as the same log (its SHA-256 is taken over this, not over the raw bytes).
 */
export function canonicalTransLog(xml: string): string {
  const canon = new XMLParser({
    ignoreAttributes: false,
    attributeNamePrefix: '@_',
    parseTagValue: false,
    parseAttributeValue: false,
    trimValues: true,
    ignoreDeclaration: true,
    preserveOrder: true,
  });
  const norm = (v: unknown): unknown => {
    if (typeof v === 'string') return v.replace(/\s+/g, ' ').trim();
    if (Array.isArray(v))
      return v
        .map(norm)
        .filter((x) => x !== '' && !(x && typeof x === 'object' && Object.keys(x).length === 1 && (x as TNode)['#text'] === ''));
    if (v && typeof v === 'object')
      return Object.fromEntries(
        Object.entries(v as TNode)
          .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
          .map(([k, x]) => [k, norm(x)]),
      );
    return v;
  };
  return JSON.stringify(norm(canon.parse(xml)));
}

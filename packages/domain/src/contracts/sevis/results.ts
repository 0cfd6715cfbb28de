// SEVIS module contracts: the results slice (docs/product/sevis-results.md): transaction-log import (the XML
// or the zip SEVIS returns with it), the history of imported logs, System Errors, and the transport (send a
// batch through the SEVIS batch interface, fetch its results) when the office configured it.
import { z } from 'zod';
import { MSG } from '../../messages.js';
import { defineRoute, ZPage, ZPageQuery } from '../define.js';
import { ZJob } from '../jobs/index.js';

const T = ['sevis'];

/** The largest transaction log (or zip with printed forms) accepted: 250 records' forms fit well below. */
export const TRANSLOG_MAX_BYTES = 50 * 1024 * 1024;

/** Batch-level result codes of the SEVIS batch interface (README of sevis-xsd, API document appendix). */
export const SEVIS_BATCH_RESULT_CODES: Record<string, string> = {
  S0000: 'Success',
  S0001: 'General failure',
  S0002: 'Invalid organization',
  S0003: 'Invalid user',
  S0010: 'Duplicate batch ID',
  S0011: 'Bad document name',
  S0012: 'XML not well formed',
  S0013: 'XML not valid against the schema',
  S0020: 'One or more records failed business rules',
  S0030: 'Not yet processed',
  S0031: 'Never submitted',
};

export const TRANSLOG_MSG = {
  fileRequired: 'Choose the transaction log (.xml) or the zip SEVIS returned with it.',
  fileType: 'Upload the transaction log as .xml, or the .zip SEVIS returned (sevis_transaction_log.xml with the printed forms).',
  zipWithoutLog: 'The zip holds no sevis_transaction_log.xml.',
  zipTooLarge:
    'This zip unpacks to far more than a SEVIS transaction log with its printed forms (over 100 MB, or over 100 times its own size): it was not imported.',
  notWellFormed: 'The file is not well-formed XML, so it is not a SEVIS transaction log.',
  invalid: 'The file is not a valid SEVIS transaction log:',
  noBatch: 'No batch of this OrgID and BatchID was built here; import the log of a batch from the Batch Manager.',
  duplicate: 'This transaction log was imported before; nothing was changed.',
  notSent: 'This batch has not been sent yet: send it (or mark it sent) first.',
  notConfigured:
    'Sending through the SEVIS batch interface is not configured for this server: download the XML and upload it to SEVIS by hand, then import the transaction log it returns.',
  notProcessed: 'SEVIS has not processed this batch yet (S0030): try again later; results usually come the next business day.',
  noSender: 'You are not a SEVIS sender for this batch (SEVIS Permissions: a DSO for F-1, an ARO for J-1).',
  rebuilt: 'SEVIS refused this batch whole and it was rebuilt under a new batch id: import the transaction log of the new batch.',
  unknownRecords: (ids: string[]) =>
    `${ids.length} record${ids.length === 1 ? '' : 's'} of the log ${ids.length === 1 ? 'has a requestID' : 'have requestIDs'} this batch never carried (${ids
      .slice(0, 10)
      .join(', ')}${ids.length > 10 ? ', …' : ''}): nothing was applied for ${ids.length === 1 ? 'it' : 'them'}.`,
} as const;

export const ZBatchRowParams = z.object({ batchRowId: z.uuid({ error: MSG.notFound }) });
export const ZLogParams = z.object({ logId: z.uuid({ error: MSG.notFound }) });

/** One record's result in an imported log. */
export const ZTransLogRecordResult = z.object({
  requestId: z.string(),
  sevisId: z.string().nullable(),
  status: z.enum(['succeeded', 'failed', 'unmatched']),
  resultCode: z.string(),
  message: z.string(),
  profileId: z.string().nullable(),
  studentName: z.string(),
  /** F-1 | J-1: which tab of the record shows its SEVIS updates. */
  visaType: z.string(),
  eventType: z.string(),
  dependentSevisIds: z.array(z.string()),
});
export type TTransLogRecordResult = z.infer<typeof ZTransLogRecordResult>;

export const ZTransLogSummary = z.object({
  id: z.uuid(),
  fileName: z.string(),
  orgId: z.string(),
  batchId: z.string(),
  /** The batch row it answered (link to the Batch Manager). */
  batchRowId: z.string().nullable(),
  resultCode: z.string(),
  resultMessage: z.string(),
  succeededCount: z.number().int(),
  failedCount: z.number().int(),
  importedBy: z.string(),
  importedAt: z.string(),
});
export type TTransLogSummary = z.infer<typeof ZTransLogSummary>;

export const ZTransLogImportOutput = z.object({
  log: ZTransLogSummary,
  /** True when the same log was imported before: nothing changed. */
  isDuplicate: z.boolean(),
  message: z.string(),
  batchStatus: z.string(),
  records: z.array(ZTransLogRecordResult),
  /** Printed forms (PDF) in the zip and how many were filed on student records. */
  formsFound: z.number().int(),
  formsStored: z.number().int(),
  /** Records of the log whose requestID no record of the batch carries: nothing was applied for them. */
  unknownRequestIds: z.array(z.string()).default([]),
});
export type TTransLogImportOutput = z.infer<typeof ZTransLogImportOutput>;

export const ZTransLogDetail = z.object({ log: ZTransLogSummary, records: z.array(ZTransLogRecordResult) });
export type TTransLogDetail = z.infer<typeof ZTransLogDetail>;

/** The kind of the job that imports a transaction log (its result is a TTransLogImportOutput). */
export const IMPORT_TRANSACTION_LOG_JOB = 'sevis.import-transaction-log';

export const importTransactionLog = defineRoute({
  method: 'POST',
  path: '/api/sevis/transaction-logs',
  access: 'sevis.import',
  tags: T,
  summary:
    'Starts importing a SEVIS transaction log (multipart, field "file": the XML or the zip SEVIS returns): validated against SevisTransLog.xsd, matched by OrgID + BatchID and requestID; the same log twice changes nothing. 202 with the job, whose result is a ZTransLogImportOutput',
  response: ZJob,
});
export const listTransactionLogs = defineRoute({
  method: 'GET',
  path: '/api/sevis/transaction-logs',
  access: 'sevis.import',
  tags: T,
  summary: 'History of imported transaction logs (newest first)',
  query: ZPageQuery,
  response: ZPage(ZTransLogSummary),
});
export const getTransactionLog = defineRoute({
  method: 'GET',
  path: '/api/sevis/transaction-logs/:logId',
  access: 'sevis.import',
  tags: T,
  summary: 'One imported log with the result of each record of its batch',
  params: ZLogParams,
  response: ZTransLogDetail,
});

// ---- System Errors (#/isss/system-errors) ----
export const SYSTEM_ERROR_SORTS = ['date', 'code', 'student'] as const;
export const ZSystemErrorsQuery = ZPageQuery.extend({
  q: z.string().trim().max(100).optional(),
  code: z.string().trim().max(10).optional(),
  /** Only the updates SEVIS refused (failed) or only those the batch checks held back (held). */
  status: z.enum(['held', 'failed']).optional(),
  sort: z.enum(SYSTEM_ERROR_SORTS).default('date'),
  dir: z.enum(['asc', 'desc']).default('desc'),
});
export const ZSystemError = z.object({
  eventId: z.string(),
  profileId: z.string(),
  studentName: z.string(),
  sevisId: z.string().nullable(),
  visaType: z.string(),
  eventType: z.string(),
  action: z.string(),
  /** failed (SEVIS refused it) | held (our schema check held it back). */
  status: z.string(),
  resultCode: z.string(),
  message: z.string(),
  batchRowId: z.string().nullable(),
  batchId: z.string(),
  orgId: z.string(),
  updatedAt: z.string(),
});
export type TSystemError = z.infer<typeof ZSystemError>;
export const listSystemErrors = defineRoute({
  method: 'GET',
  path: '/api/sevis/system-errors',
  access: 'sevis.read',
  tags: T,
  summary: 'SEVIS updates that failed (SEVIS result code and message) or were held back, on the records the caller reaches',
  query: ZSystemErrorsQuery,
  response: ZPage(ZSystemError),
});

// ---- Transport (SEVIS batch interface) ----
export const ZTransportStatus = z.object({
  isConfigured: z.boolean(),
  /** The batch interface address (without credentials), for the office to check. */
  url: z.string(),
});
export type TTransportStatus = z.infer<typeof ZTransportStatus>;
export const getTransportStatus = defineRoute({
  method: 'GET',
  path: '/api/sevis/transport',
  access: 'sevis.read',
  tags: T,
  summary: 'Whether batches can be sent through the SEVIS batch interface (a client certificate is configured)',
  response: ZTransportStatus,
});

export const ZSendBatchOutput = z.object({ batchRowId: z.string(), status: z.string(), resultCode: z.string(), message: z.string() });
export type TSendBatchOutput = z.infer<typeof ZSendBatchOutput>;
export const sendBatchToSevis = defineRoute({
  method: 'POST',
  path: '/api/sevis/batches/:batchRowId/send',
  access: 'sevis.batch',
  tags: T,
  summary:
    'Send a pending batch through the SEVIS batch interface (multipart upload with the client certificate); it becomes Sent – awaiting results',
  params: ZBatchRowParams,
  response: ZSendBatchOutput,
});
export const ZFetchResultsOutput = z.object({ isReady: z.boolean(), message: z.string(), result: ZTransLogImportOutput.nullable() });
export type TFetchResultsOutput = z.infer<typeof ZFetchResultsOutput>;
export const fetchBatchResults = defineRoute({
  method: 'POST',
  path: '/api/sevis/batches/:batchRowId/fetch-results',
  access: 'sevis.import',
  tags: T,
  summary: 'Download the results zip of a sent batch from the SEVIS batch interface and import its transaction log',
  params: ZBatchRowParams,
  response: ZFetchResultsOutput,
});

/** Where a record's SEVIS updates are shown: the SEVIS Updates tab (F-1) or the Profile tab (J-1). */
export function sevisUpdatesPath(profileId: string, visaType: string): string {
  return `/isss/student-profile/${profileId}?tab=${visaType === 'J-1' ? 'profile' : 'sevis'}`;
}

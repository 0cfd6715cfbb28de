import { sevisApi, type jobsApi } from '@meridian/domain';
import type { TTx } from '../../../../platform/db/database.js';
import { type TContext } from '../../../../platform/http/context.js';
import type { TJobRun } from '../../../../platform/jobs/runner.js';
import { startUploadJob, withStoredUpload, type TUploadJobInput } from '../../file-upload.js';
import {
  parseTransLog,
  readTransLogUpload,
  transLogKind,
  validateTransLog,
  type TParsedLog,
  type TUploadedLog,
} from '../trans-log-parse.js';
import { storePrintedForms } from '../printed-forms.js';
import { applyTransLog, logFingerprint } from './apply-trans-log.js';

/** The job kind that imports a transaction log (docs/product/sevis-results.md#transaction-logs). */
export const IMPORT_TRANSACTION_LOG_JOB = sevisApi.IMPORT_TRANSACTION_LOG_JOB;

/**
 * "Import a transaction log" as a job: a file that cannot be a log (wrong name or content, too large)
 * is refused at once; the upload is kept in file storage and the reading, schema check and applying
 * run as a job the Transaction Logs page follows.
 */
export async function startImportTransactionLog(ctx: TContext, file: { fileName: string; data: Buffer }): Promise<jobsApi.TJob> {
  transLogKind(file.fileName, file.data);
  return startUploadJob(ctx, IMPORT_TRANSACTION_LOG_JOB, file);
}

/**
 * Applies a read log and files its printed forms, all in the caller's transaction: the results, the
 * forms and (in a job) the job's completion are saved together or not at all.
 */
export async function applyUploadedLog(
  tx: TTx,
  ctx: TContext,
  up: TUploadedLog,
  log: TParsedLog,
  onRecord?: (done: number, total: number) => void,
): Promise<sevisApi.TTransLogImportOutput> {
  const out = await applyTransLog(tx, ctx, log, logFingerprint(up.xml), up.fileName, onRecord);
  if (out.isDuplicate || !up.forms.length) return { ...out, formsFound: up.forms.length };
  // The attachments module runs each form in a savepoint of this transaction.
  const inTx: TContext = { ...ctx, db: (fn) => tx.transaction(fn) };
  const forms = await storePrintedForms(inTx, out.records, up.forms);
  const notFiled = forms.refused.length
    ? ` ${forms.refused.length} printed form${forms.refused.length === 1 ? ' was' : 's were'} not filed (${forms.refused.join('; ')}).`
    : '';
  return { ...out, message: `${out.message}${notFiled}`.slice(0, 2000), formsFound: up.forms.length, formsStored: forms.stored };
}

/**
 * The job: read the stored upload (XML or SEVIS's zip), validate it against SevisTransLog.xsd and apply
 * it in one transaction that also completes the job, so a job resumed after a crash either finds
 * nothing applied (and applies it) or finds itself completed. The same log imported again, by this
 * job or another, is still known by its fingerprint and changes nothing.
 */
export async function importTransactionLog({
  ctx,
  input,
  progress,
  completeIn,
}: TJobRun<TUploadJobInput>): Promise<sevisApi.TTransLogImportOutput> {
  return withStoredUpload(ctx, input, async (data) => {
    progress({ phase: 'Reading the file' });
    const up = await readTransLogUpload(input.fileName, data);
    progress({ phase: 'Checking the log against the SEVIS schema' });
    await validateTransLog(up.xml);
    const log = parseTransLog(up.xml);
    progress({ phase: 'Applying the results', done: 0, total: null });
    return ctx.db(async (tx) => {
      const out = await applyUploadedLog(tx, ctx, up, log, (done, total) => progress({ done, total }));
      await completeIn(tx, out);
      return out;
    });
  });
}

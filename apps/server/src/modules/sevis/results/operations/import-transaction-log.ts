import { type sevisApi } from '@meridian/domain';
import { type TContext } from '../../../../platform/http/context.js';
import { parseTransLog, readTransLogUpload, validateTransLog } from '../trans-log-parse.js';
import { storePrintedForms } from '../printed-forms.js';
import { applyTransLog, logFingerprint } from './apply-trans-log.js';

/** Import an uploaded log (XML or SEVIS's zip): validate, apply in one transaction, then file the printed forms. */
export async function importTransactionLog(
  ctx: TContext,
  file: { fileName: string; data: Buffer },
): Promise<sevisApi.TTransLogImportOutput> {
  const up = await readTransLogUpload(file.fileName, file.data);
  await validateTransLog(up.xml);
  const log = parseTransLog(up.xml);
  const out = await ctx.db((tx) => applyTransLog(tx, ctx, log, logFingerprint(up.xml), file.fileName));
  if (out.isDuplicate || !up.forms.length) return { ...out, formsFound: up.forms.length };
  const stored = await storePrintedForms(ctx, out.records, up.forms);
  return { ...out, formsFound: up.forms.length, formsStored: stored };
}

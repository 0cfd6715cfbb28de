import { studentRequestLookupChecks, type TLookupChecker, type TStudentRequestCode, type TStudentRequestData } from '@meridian/domain';
import type { TTx } from '../../../platform/db/database.js';
import type { TContext } from '../../../platform/http/context.js';
import { lookupStatuses } from '../../lookups/index.js';

/**
 * What the office's code lists say of the values a student request gives (docs/product/lookups.md#how-forms-use-the-lists):
 * the server's side of the check the browser makes with the lists it loaded. A request is a new form: a value
 * retired since it was typed into a draft is refused at the next save or at submit.
 */
export function requestLookupChecker(
  tx: TTx,
  ctx: TContext,
  code: TStudentRequestCode,
  data: TStudentRequestData,
  visaType: string | null,
): Promise<TLookupChecker> {
  return lookupStatuses(tx, ctx, studentRequestLookupChecks(code, data, visaType));
}

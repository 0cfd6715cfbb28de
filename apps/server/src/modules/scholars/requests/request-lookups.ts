import { scholarRequestLookupChecks, type TRequestFormData, type TScholarRequestCode, type TScholarRequestContext } from '@meridian/domain';
import type { TTx } from '../../../platform/db/database.js';
import type { TContext } from '../../../platform/http/context.js';
import { lookupStatuses } from '../../lookups/index.js';

/**
 * The case's rule context with what the office's code lists say of the values a scholar request gives
 * (docs/product/lookups.md#how-forms-use-the-lists): a site of activity's state, the information updates' states
 * and countries. A request is a new form: a value retired since it was typed into a draft is refused at the next
 * save or at submit.
 */
export async function withRequestLookups(
  tx: TTx,
  ctx: TContext,
  code: TScholarRequestCode,
  data: TRequestFormData,
  rule: TScholarRequestContext,
): Promise<TScholarRequestContext> {
  return { ...rule, lookups: await lookupStatuses(tx, ctx, scholarRequestLookupChecks(code, data, rule.visaType || null)) };
}

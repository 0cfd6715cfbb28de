import type { TContext } from '../../../../platform/http/context.js';
import { listBulk } from '../bulk-events.js';
import { VALIDATION_LIST } from '../validation-list.js';

/** SEVIS Validation's list: exchange visitors whose validation is due. */
export const listValidationCandidates = (ctx: TContext, q: { page: number; pageSize: number; q?: string | undefined }) =>
  listBulk(ctx, VALIDATION_LIST, q);

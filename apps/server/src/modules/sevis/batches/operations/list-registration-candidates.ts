import { type TContext } from '../../../../platform/http/context.js';
import { listBulk } from '../bulk-events.js';
import { REGISTRATION_LIST } from '../registration-list.js';

/** SEVIS Registration's list: students who may be registered in SEVIS now. */
export const listRegistrationCandidates = (ctx: TContext, q: { page: number; pageSize: number; q?: string | undefined }) =>
  listBulk(ctx, REGISTRATION_LIST, q);

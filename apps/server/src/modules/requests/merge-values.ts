import { REQUEST_STATUS_LABELS, type TRequestStatus } from '@meridian/domain';
import type { TTx } from '../../platform/db/database.js';
import type { TContext } from '../../platform/http/context.js';
import type { TMergeRaw } from '../messages/index.js';
import { getAccessibleRequest } from './request.policy.js';
import { typeOf } from './request-locks.js';
import { portalUrl } from './request-notices.js';

/**
 * The merge values of a request (docs/product/messages.md#merge-tags), for whoever may read it (404
 * otherwise). Its link is the portal's address: each reader's own page for the request depends on who
 * they are, so a message gives the portal and the request number.
 */
export async function requestMergeValues(tx: TTx, ctx: TContext, requestId: string): Promise<TMergeRaw> {
  const r = await getAccessibleRequest(tx, ctx, requestId, 'read');
  const type = await typeOf(tx, r);
  const requester = [r.requesterFirstName, r.requesterLastName].filter(Boolean).join(' ');
  return {
    'general.recipientName': requester,
    'request.number': String(r.number),
    'request.type': type.name,
    'request.status': REQUEST_STATUS_LABELS[r.status as TRequestStatus] ?? r.status,
    'request.submittedDate': r.submittedAt,
    'request.decidedDate': r.decidedAt,
    'request.requesterName': requester,
    'request.link': `${await portalUrl(tx, ctx)}/`,
    'request.comment': r.statusMessage,
  };
}

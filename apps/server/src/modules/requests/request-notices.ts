import { REQUEST_STATUS_LABELS, type TRequestStatus } from '@meridian/domain';
import type { TTx } from '../../platform/db/database.js';
import { type TContext } from '../../platform/http/context.js';
import { loadSettings } from '../institutions/index.js';
import { notify } from '../notifications/index.js';
import { siteOfficers } from '../people/index.js';
import { type TRequestRow } from './request.policy.js';
import { typeOf } from './request-locks.js';

/** Office staff to tell about a request: the assignee, else the officers of its site (else super users). */
export async function officeRecipients(tx: TTx, r: TRequestRow): Promise<string[]> {
  return r.assignedToUserId ? [r.assignedToUserId] : siteOfficers(tx, r.campusSiteId);
}

/** The portal's public address without a trailing slash, for links in e-mails. */
export async function portalUrl(tx: TTx, ctx: TContext) {
  return (await loadSettings(tx, ctx.institutionId)).publicBaseUrl.replace(/\/+$/, '');
}

/** Tells the requester what happened to their request: in the bell, and by e-mail unless `opts.email` is false. */
export async function tellRequester(
  tx: TTx,
  ctx: TContext,
  r: TRequestRow,
  typeName: string,
  what: string,
  extra = '',
  opts: { email?: boolean } = {},
) {
  const base = await portalUrl(tx, ctx);
  const text = `Your ${typeName} request #${r.number} ${what}.`;
  await notify(tx, ctx, {
    userIds: [r.requesterUserId],
    text,
    typeName: `request.${r.status}`,
    requestId: r.id,
    profileId: r.profileId,
    // Intermediate steps reach the bell only; decisions and questions also go by e-mail.
    ...(opts.email === false
      ? {}
      : {
          email: {
            subject: `Request #${r.number}: ${REQUEST_STATUS_LABELS[r.status as TRequestStatus]}`,
            text: `${text}${extra ? `\n\n${extra}` : ''}\n\nSign in to the portal to see it: ${base}/\n`,
          },
        }),
  });
}

/** The requester follows every step in the bell: what happened and who has the request now. */
export async function tellRequesterStep(tx: TTx, ctx: TContext, r: TRequestRow, what: string): Promise<void> {
  const type = await typeOf(tx, r);
  await tellRequester(tx, ctx, r, type.name, what, '', { email: false });
}

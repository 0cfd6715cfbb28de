import { REQUEST_STATUS_LABELS, type TAutomatedEmailKey, type TRequestStatus } from '@meridian/domain';
import type { TTx } from '../../platform/db/database.js';
import { type TContext } from '../../platform/http/context.js';
import { loadSettings } from '../institutions/index.js';
import { automatedMessage, renderSystemMessage } from '../messages/index.js';
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

/** The automated e-mail events of a request's decisions, by the status it reached. */
const DECISION_EVENTS: Partial<Record<string, TAutomatedEmailKey>> = {
  approved: 'request.approved',
  completed: 'request.approved',
  rejected: 'request.rejected',
  clarification_requested: 'request.returned',
};

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
  const text = `Your ${typeName} request #${r.number} ${what}.`;
  // The e-mail is the office's wording of this message (docs/product/messages.md#system-messages); a decision's
  // e-mail is sent only while the office's automated e-mail configuration sends it (docs/product/messages.md#automated-e-mail).
  const values = {
    'request.number': String(r.number),
    'request.type': typeName,
    'request.status': REQUEST_STATUS_LABELS[r.status as TRequestStatus],
    'request.event': what,
    'request.comment': extra ? `\n\n${extra}` : '',
    'request.link': `${await portalUrl(tx, ctx)}/#/isss/request/${r.id}`,
  };
  const event = DECISION_EVENTS[r.status];
  const email =
    opts.email === false
      ? null
      : event
        ? await automatedMessage(tx, ctx, event, {}, values)
        : await renderSystemMessage(tx, ctx, 'request.decided', values);
  await notify(tx, ctx, {
    userIds: [r.requesterUserId],
    text,
    typeName: `request.${r.status}`,
    requestId: r.id,
    profileId: r.profileId,
    // Intermediate steps reach the bell only; decisions and questions also go by e-mail.
    ...(email ? { email } : {}),
  });
}

/** The requester follows every step in the bell: what happened and who has the request now. */
export async function tellRequesterStep(tx: TTx, ctx: TContext, r: TRequestRow, what: string): Promise<void> {
  const type = await typeOf(tx, r);
  await tellRequester(tx, ctx, r, type.name, what, '', { email: false });
}

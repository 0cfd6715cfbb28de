import { and, eq } from 'drizzle-orm';
import { SCHOLAR_REQUEST_MSG, validateScholarRequestData } from '@meridian/domain';
import { writeAudit } from '../../../../platform/audit/audit.js';
import type { TTx } from '../../../../platform/db/database.js';
import { AppError, badRequest } from '../../../../platform/errors/app-error.js';
import type { TContext } from '../../../../platform/http/context.js';
import { notify } from '../../../notifications/index.js';
import type { TRequestRow } from '../../../requests/index.js';
import { lockProfile, sevisPendingEvents } from '../../../students/index.js';
import { scholarApplications, scholars } from '../../schema.js';
import { SCHOLAR_APPROVAL_EFFECTS } from '../approval-effects.js';
import { asDataErrors, isScholarRequest } from '../request-forms.js';
import { caseOfRequest, requestContextOf } from '../request-case.js';

/** Said when the request's data no longer fits the case (it changed since the request was submitted). */
export const NO_LONGER_FITS = 'This request no longer fits the case as it stands now: ask the requester for a clarification.';

/**
 * What approving a scholar request does to the scholar's current case, in the approval's transaction (the
 * requests engine's onApproved, for the Approve action and mass approve; docs/product/scholars-portal.md#what-approval-does):
 * its rules are checked again on the case as it stands, the case and the scholar change, the exchange visitor
 * record changes through the students module (which queues the SEVIS update), the case's History Log says
 * what changed and which SEVIS updates wait, and the scholar is told.
 */
export async function applyScholarRequestApproval(tx: TTx, ctx: TContext, r: TRequestRow, code: string): Promise<void> {
  if (!isScholarRequest(r, code)) return;
  // A request naming no scholar cannot be submitted (its submit says where to start it): one that exists from
  // before changes nothing, as it did then.
  const found = await caseOfRequest(tx, r, true);
  if (!found) return;
  const { c, scholar } = found;
  const rule = await requestContextOf(tx, ctx.today(), c);
  const data = r.data ?? {};
  const errors = validateScholarRequestData(code, data, rule, 'submit');
  if (Object.keys(errors).length) throw badRequest(`${NO_LONGER_FITS} ${Object.values(errors)[0]![0]}`, asDataErrors(errors));
  const ev = c.exchangeVisitorProfileId ? await lockProfile(tx, c.exchangeVisitorProfileId) : null;
  const effect = SCHOLAR_APPROVAL_EFFECTS[code]({ d: data, c, scholar, ev, rule });
  const before: Record<string, unknown> = {};
  const after: Record<string, unknown> = { requestId: r.id, requestNumber: r.number };
  if (effect.caseSet && Object.keys(effect.caseSet).length) {
    for (const k of Object.keys(effect.caseSet) as (keyof typeof effect.caseSet)[]) before[k] = c[k] ?? null;
    await tx
      .update(scholarApplications)
      .set({ ...effect.caseSet, version: c.version + 1, updatedBy: ctx.actor?.userId ?? null, updatedAt: new Date() })
      .where(eq(scholarApplications.id, c.id));
    Object.assign(after, effect.caseSet);
  }
  if (effect.scholarSet && Object.keys(effect.scholarSet).length) {
    for (const k of Object.keys(effect.scholarSet) as (keyof typeof effect.scholarSet)[]) before[`scholar.${k}`] = scholar[k] ?? null;
    await tx
      .update(scholars)
      .set({ ...effect.scholarSet, updatedAt: new Date() })
      .where(eq(scholars.id, scholar.id));
    for (const [k, v] of Object.entries(effect.scholarSet)) after[`scholar.${k}`] = v;
  }
  if (effect.onRecord) {
    if (!ev) throw new AppError(409, 'NO_EXCHANGE_VISITOR_RECORD', SCHOLAR_REQUEST_MSG.noExchangeVisitorRecord);
    await effect.onRecord(tx, ctx, ev, r.id);
    Object.assign(after, { exchangeVisitorProfileId: ev.id });
  }
  // The SEVIS updates waiting because of this request (the record's operations queued them with its id).
  const raised = ev
    ? await tx
        .select({ eventType: sevisPendingEvents.eventType, action: sevisPendingEvents.action })
        .from(sevisPendingEvents)
        .where(and(eq(sevisPendingEvents.profileId, ev.id), eq(sevisPendingEvents.requestId, r.id)))
    : [];
  if (raised.length) after.sevisUpdates = raised.map((e) => `${e.eventType}/${e.action}`);
  await writeAudit(tx, {
    institutionId: ctx.institutionId,
    actorUserId: ctx.actor?.userId ?? null,
    entityType: 'scholar_application',
    entityId: c.id,
    action: effect.auditAction,
    before: Object.keys(before).length ? before : undefined,
    after,
    ip: ctx.ip,
  });
  // The engine tells the requester of the approval; the scholar hears what changed (nothing changed: nothing more to say).
  const changed = !!(effect.caseSet || effect.scholarSet || effect.onRecord);
  if (scholar.userId && changed)
    await notify(tx, ctx, {
      userIds: [scholar.userId],
      text: effect.told,
      typeName: effect.auditAction,
      requestId: r.id,
      scholarId: scholar.id,
      scholarApplicationId: c.id,
    });
}

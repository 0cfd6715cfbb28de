import { and, eq, sql } from 'drizzle-orm';
import type { TTx } from '../../../platform/db/database.js';
import type { TContext } from '../../../platform/http/context.js';
import { sevisPendingEvents } from '../schema.js';
import type { TProfileRow } from '../student.policy.js';
import { raiseEvent } from './operations/raise-event.js';
import { supersedeSevisEvents } from './operations/supersede-sevis-events.js';
import { changeRidesCreate, createPayload } from './record-changes.js';
import { phaseSent, siteSent, type TTippPhaseRow, type TTippSiteRow } from './tipp-fields.js';

/** A change of a record's T/IPP (DS-7002), as the operations make it. */
export type TTippChange =
  | { kind: 'participant' }
  | { kind: 'site-added' | 'site-changed' | 'site-removed' | 'signatures'; site: TTippSiteRow }
  | { kind: 'phase-added' | 'phase-changed' | 'phase-removed'; site: TTippSiteRow; phase: TTippPhaseRow };

const by = (ctx: TContext) => ({ institutionId: ctx.institutionId, actorUserId: ctx.actor?.userId ?? null, ip: ctx.ip });

/** Raises one TIPP update (one per site or phase: its mergeKey), refreshing a pending one of the same kind. */
async function raiseTipp(tx: TTx, ctx: TContext, p: TProfileRow, action: string, mergeKey: string, payload: Record<string, unknown>) {
  await raiseEvent(tx, ctx, { profileId: p.id, eventType: 'TIPP', action, mergeKey, payload: { sevisId: p.sevisId, ...payload } });
  return `TIPP/${action}`;
}

/** Open TIPP updates about a site or a phase (payload tippSiteId / tippPhaseId) never leave once it is removed. */
async function supersedeAbout(tx: TTx, ctx: TContext, p: TProfileRow, key: 'tippSiteId' | 'tippPhaseId', id: string, reason: string) {
  await supersedeSevisEvents(tx, by(ctx), {
    profileId: p.id,
    where: and(eq(sevisPendingEvents.eventType, 'TIPP'), sql`${sevisPendingEvents.payload}->>${key} = ${id}`),
    reason,
  });
}

/**
 * The SEVIS update a T/IPP change needs (docs/decisions/019-sevis-events-reach-sevis-once.md):
 * - a record SEVIS has not been asked to create yet: its pending Create is refreshed (a held-back one
 *   replaced, so completing the DS-7002 sends it again); the Create carries the whole T/IPP as it
 *   stands when it is batched (CreateEV/AddTIPP);
 * - otherwise (SEVIS has the record, or its Create is at SEVIS) a TIPP update, one per site or phase:
 *   a site SEVIS has not got yet goes whole with its phases and signatures (AddSite, refreshed by every
 *   change to it); once SEVIS has it, EditSite, AddPhase, EditPhase, DeletePhase, DeleteSite,
 *   UpdateSignatureDates; the participant's information UpdateParticipantInfo. An update about an item
 *   SEVIS has not named yet waits for its id (sevis batch planning); one about a removed item never leaves.
 * Returns what was raised, for the History Log.
 */
export async function raiseTippChange(tx: TTx, ctx: TContext, p: TProfileRow, change: TTippChange): Promise<string[]> {
  if (await changeRidesCreate(tx, p)) {
    await raiseEvent(tx, ctx, { profileId: p.id, eventType: 'Create', action: 'Create', payload: createPayload(p) });
    return ['Create'];
  }
  if (change.kind === 'participant') return [await raiseTipp(tx, ctx, p, 'UpdateParticipantInfo', 'participant', {})];
  const s = change.site;
  const siteKey = `site:${s.id}`;
  const site = { tippSiteId: s.id, siteName: s.name };
  const addSite = () => raiseTipp(tx, ctx, p, 'AddSite', siteKey, site);
  switch (change.kind) {
    case 'site-added':
      return [await addSite()];
    case 'site-changed':
      return [siteSent(s) ? await raiseTipp(tx, ctx, p, 'EditSite', siteKey, site) : await addSite()];
    case 'signatures':
      return [siteSent(s) ? await raiseTipp(tx, ctx, p, 'UpdateSignatureDates', `signatures:${s.id}`, site) : await addSite()];
    case 'site-removed':
      await supersedeAbout(
        tx,
        ctx,
        p,
        'tippSiteId',
        s.id,
        'The T/IPP site was removed from the plan: this update about it is no longer sent.',
      );
      return siteSent(s) ? [await raiseTipp(tx, ctx, p, 'DeleteSite', siteKey, { ...site, sevisSiteId: s.sevisSiteId })] : [];
    default: {
      const ph = change.phase;
      const phaseKey = `phase:${ph.id}`;
      const phase = { ...site, tippPhaseId: ph.id, phaseName: ph.name };
      if (!siteSent(s)) {
        if (change.kind === 'phase-removed')
          await supersedeAbout(
            tx,
            ctx,
            p,
            'tippPhaseId',
            ph.id,
            'The T/IPP phase was removed from the plan: this update about it is no longer sent.',
          );
        return [await addSite()];
      }
      if (change.kind === 'phase-removed') {
        await supersedeAbout(
          tx,
          ctx,
          p,
          'tippPhaseId',
          ph.id,
          'The T/IPP phase was removed from the plan: this update about it is no longer sent.',
        );
        return phaseSent(ph) ? [await raiseTipp(tx, ctx, p, 'DeletePhase', phaseKey, { ...phase, sevisPhaseId: ph.sevisPhaseId })] : [];
      }
      return [await raiseTipp(tx, ctx, p, phaseSent(ph) ? 'EditPhase' : 'AddPhase', phaseKey, phase)];
    }
  }
}

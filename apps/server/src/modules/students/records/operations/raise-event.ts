import { and, desc, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { TSevisEventType } from '@meridian/domain';
import { writeAudit } from '../../../../platform/audit/audit.js';
import type { TTx } from '../../../../platform/db/database.js';
import type { TContext } from '../../../../platform/http/context.js';
import { sevisPendingEvents } from '../../schema.js';
import { supersedeSevisEvents } from './supersede-sevis-events.js';

/** A SEVIS update to queue for a student's record. */
export interface TRaiseEventInput {
  profileId: string;
  eventType: TSevisEventType;
  /** Sub-action: Extension | Shorten for Program, Add | Edit | Terminate for Dependent, Edit for PersonalInfo... */
  action?: string | undefined;
  /** What the batch builder needs, captured now (the record may change again before the batch). */
  payload: Record<string, unknown>;
  dependentId?: string | null | undefined;
  requestId?: string | null | undefined;
  /** false: always a new event (e.g. one per site of activity); default: refresh a pending one of the same kind. */
  merge?: boolean | undefined;
  /**
   * What the update is about when a record has several of one kind (a T/IPP site or phase: 'site:<id>',
   * 'phase:<id>'): only an update with the same key is refreshed or replaced. Kept in payload.mergeKey.
   */
  mergeKey?: string | undefined;
}

/** The payload's mergeKey equals the input's (none: the update has none). */
const sameMergeKey = (mergeKey: string | undefined) =>
  mergeKey ? sql`${sevisPendingEvents.payload}->>'mergeKey' = ${mergeKey}` : sql`${sevisPendingEvents.payload}->>'mergeKey' is null`;

/**
 * Queues a change SEVIS must hear about (table sevis_pending_events, status 'pending') and writes
 * an audit event on the student record, in the caller's transaction so the change and its SEVIS
 * update stand or fall together.
 *
 * One pending event per record, type, action and dependent: a second change before the batch goes
 * out replaces the payload of the pending one (SEVIS wants the latest values once, not every step).
 *
 * Which record changes raise which event (decided here, used by every students slice):
 * - names, birth date/city/country, citizenship, permanent residence, gender → PersonalInfo / Edit;
 * - US address, phone and e-mail → PersonalInfo / Address: SEVIS's PersonalInfo event carries the US
 *   address block (EditPersonalInfo/USAddress), so one event type covers both; the action tells them apart;
 * - program end later / earlier → Program / Extension | Shorten; other program data → Program / Edit;
 * - education level → EducationLevel / Edit; financials → FinancialInfo / Edit;
 * - a dependent → Dependent / Add | Edit | Terminate; a site of activity → SiteOfActivity / Add | Edit | Delete;
 * - a trainee's or intern's T/IPP (DS-7002) → TIPP / AddSite | EditSite | DeleteSite | AddPhase | EditPhase |
 *   DeletePhase | UpdateSignatureDates | UpdateParticipantInfo, one per site or phase (mergeKey), records/tipp-events.ts;
 * - a new record without a SEVIS id → Create / Create;
 * - a Create replaces every other Create of the record that has not gone to SEVIS (pending, held
 *   back or failed: SEVIS creates a person once); any other update replaces the held-back or failed
 *   ones of its kind (the new one carries the latest values): they become 'superseded' and never leave
 *   (docs/decisions/019-sevis-events-reach-sevis-once.md);
 * - English proficiency, academic term, EV position code, U.S. government funds → nothing of their own:
 *   SEVIS asks them only on a new I-20 / DS-2019, so they travel with Create and EducationLevel (records-changes.ts NEW_FORM_FIELDS).
 */
export async function raiseEvent(tx: TTx, ctx: TContext, input: TRaiseEventInput): Promise<{ id: string }> {
  const action = input.action ?? '';
  const where = and(
    eq(sevisPendingEvents.profileId, input.profileId),
    eq(sevisPendingEvents.eventType, input.eventType),
    eq(sevisPendingEvents.action, action),
    eq(sevisPendingEvents.status, 'pending'),
    input.dependentId ? eq(sevisPendingEvents.dependentId, input.dependentId) : isNull(sevisPendingEvents.dependentId),
    input.requestId ? eq(sevisPendingEvents.requestId, input.requestId) : isNull(sevisPendingEvents.requestId),
    sameMergeKey(input.mergeKey),
  );
  const payload = input.mergeKey ? { ...input.payload, mergeKey: input.mergeKey } : input.payload;
  const [existing] = await tx
    .select({ id: sevisPendingEvents.id, payload: sevisPendingEvents.payload })
    .from(sevisPendingEvents)
    .where(where)
    .orderBy(desc(sevisPendingEvents.createdAt))
    .limit(1);
  let id: string;
  if (existing && input.merge !== false) {
    await tx
      .update(sevisPendingEvents)
      .set({ payload: { ...existing.payload, ...payload }, updatedAt: new Date() })
      .where(eq(sevisPendingEvents.id, existing.id));
    id = existing.id;
  } else {
    const [row] = await tx
      .insert(sevisPendingEvents)
      .values({
        institutionId: ctx.institutionId,
        profileId: input.profileId,
        dependentId: input.dependentId ?? null,
        eventType: input.eventType,
        action,
        payload,
        status: 'pending',
        requestId: input.requestId ?? null,
        createdBy: ctx.actor?.userId ?? null,
      })
      .returning({ id: sevisPendingEvents.id });
    id = row!.id;
  }
  await supersedeReplaced(tx, ctx, input, action, id);
  await writeAudit(tx, {
    institutionId: ctx.institutionId,
    actorUserId: ctx.actor?.userId ?? null,
    entityType: 'student_profile',
    entityId: input.profileId,
    action: 'student.sevis-event.raised',
    after: {
      sevisEventId: id,
      eventType: input.eventType,
      action,
      dependentId: input.dependentId ?? null,
      requestId: input.requestId ?? null,
    },
    ip: ctx.ip,
  });
  return { id };
}

/** The updates a newly raised one replaces: for a Create every other Create not gone to SEVIS, else the held or failed ones of its kind. */
async function supersedeReplaced(tx: TTx, ctx: TContext, input: TRaiseEventInput, action: string, id: string): Promise<void> {
  let where: SQL | undefined;
  let reason: string;
  if (input.eventType === 'Create') {
    where = eq(sevisPendingEvents.eventType, 'Create');
    reason = 'Replaced by a newer Create of this record: SEVIS creates a person once, with the latest data.';
  } else {
    if (input.merge === false) return;
    where = and(
      eq(sevisPendingEvents.eventType, input.eventType),
      eq(sevisPendingEvents.action, action),
      input.dependentId ? eq(sevisPendingEvents.dependentId, input.dependentId) : isNull(sevisPendingEvents.dependentId),
      input.requestId ? eq(sevisPendingEvents.requestId, input.requestId) : isNull(sevisPendingEvents.requestId),
      sameMergeKey(input.mergeKey),
    );
    reason = 'Replaced by a newer update of the same kind, which carries the latest values.';
  }
  await supersedeSevisEvents(
    tx,
    { institutionId: ctx.institutionId, actorUserId: ctx.actor?.userId ?? null, ip: ctx.ip },
    { profileId: input.profileId, where, reason, byEventId: id },
  );
}

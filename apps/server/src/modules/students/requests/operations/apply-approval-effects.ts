import { eq } from 'drizzle-orm';
import { isStudentRequestCode } from '@meridian/domain';
import { writeAudit } from '../../../../platform/audit/audit.js';
import type { TTx } from '../../../../platform/db/database.js';
import type { TContext } from '../../../../platform/http/context.js';
import { notify } from '../../../notifications/index.js';
import type { TRequestRow } from '../../../requests/index.js';
import { studentEmployments, studentProfiles } from '../../schema.js';
import { raiseEvent } from '../../records/operations/raise-event.js';
import { raiseEventsForChange } from '../../records/record-changes.js';
import { applyDependentActions } from './apply-dependent-actions.js';
import { ensureStemReports } from '../../opt/operations/ensure-stem-reports.js';
import { APPROVAL_EFFECTS } from '../approval-effects.js';
import type { TProfileSet } from '../effects/approval-effect.js';

/**
 * What approving a student's request does to their record, in the approval's transaction (called
 * by the requests module for action 'approve' and mass approve): the record or employment change,
 * the pending SEVIS update, an audit event on the record (its History Log) and a word to the student.
 */
export async function applyApprovalEffects(tx: TTx, ctx: TContext, r: TRequestRow, code: string): Promise<void> {
  if (!r.profileId || !isStudentRequestCode(code)) return;
  const [profile] = await tx.select().from(studentProfiles).where(eq(studentProfiles.id, r.profileId)).for('update');
  if (!profile) return;
  const effect = await APPROVAL_EFFECTS[code](r.data ?? {}, profile, tx, ctx.today());
  const after: Record<string, unknown> = { requestId: r.id, requestNumber: r.number };
  let before: Record<string, unknown> | undefined;
  const sevisUpdates: string[] = [];
  if (effect.profileSet && Object.keys(effect.profileSet).length) {
    const keys = Object.keys(effect.profileSet) as (keyof TProfileSet)[];
    before = Object.fromEntries(keys.map((k) => [k, (profile as Record<string, unknown>)[k] ?? null]));
    const [changed] = await tx
      .update(studentProfiles)
      .set({ ...effect.profileSet, updatedAt: new Date() })
      .where(eq(studentProfiles.id, profile.id))
      .returning();
    Object.assign(after, effect.profileSet);
    // The same SEVIS updates a staff edit of these fields raises (docs/decisions/009).
    if (effect.recordEvents) sevisUpdates.push(...(await raiseEventsForChange(tx, ctx, profile, changed!, r.id)));
  }
  let dependentUnchanged = false;
  if (effect.dependentActions?.length) {
    const outcome = await applyDependentActions(tx, ctx, profile, r, effect.dependentActions);
    // Values the record already held: SEVIS hears nothing, and the student is not promised it does.
    dependentUnchanged = outcome.unchanged;
    if (outcome.before) before = { ...(before ?? {}), ...outcome.before };
    Object.assign(after, outcome.after);
    sevisUpdates.push(...outcome.sevisUpdates);
  }
  if (effect.doneInRti) Object.assign(after, { doneInRti: effect.doneInRti });
  if (effect.employment) {
    const [row] = await tx
      .insert(studentEmployments)
      .values({ ...effect.employment, institutionId: ctx.institutionId, profileId: profile.id, requestId: r.id })
      .returning({ id: studentEmployments.id });
    Object.assign(after, {
      employmentId: row!.id,
      kind: effect.employment.kind,
      employerName: effect.employment.employerName ?? undefined,
      authorizedStartDate: effect.employment.authorizedStartDate ?? undefined,
      authorizedEndDate: effect.employment.authorizedEndDate ?? undefined,
    });
    if (effect.event) effect.event.payload.employmentId = row!.id;
    // A STEM extension's six-monthly validation reports are due from its start: schedule them now, not at the next daily run.
    if (effect.employment.kind === 'stem') await ensureStemReports(tx, ctx.institutionId, [profile.id]);
  }
  if (effect.employmentUpdate) {
    await tx
      .update(studentEmployments)
      .set({ ...effect.employmentUpdate.set, updatedAt: new Date() })
      .where(eq(studentEmployments.id, effect.employmentUpdate.id));
    Object.assign(after, { employmentId: effect.employmentUpdate.id, employerName: effect.employmentUpdate.set.employerName });
    if (effect.event) effect.event.payload.employmentId = effect.employmentUpdate.id;
  }
  if (effect.event) {
    const { id } = await raiseEvent(tx, ctx, { profileId: profile.id, requestId: r.id, ...effect.event });
    sevisUpdates.push(`${effect.event.eventType}/${effect.event.action}`);
    Object.assign(after, { sevisEventId: id });
  }
  if (sevisUpdates.length) Object.assign(after, { sevisUpdates });
  await writeAudit(tx, {
    institutionId: ctx.institutionId,
    actorUserId: ctx.actor?.userId ?? null,
    entityType: 'student_profile',
    entityId: profile.id,
    action: effect.auditAction,
    before,
    after,
    ip: ctx.ip,
  });
  // An update whose values the record already had reaches no batch: the student is not promised SEVIS hears of it.
  const told =
    (effect.recordEvents && !sevisUpdates.length) || dependentUnchanged
      ? 'Your request is approved; your record already showed what it asked for.'
      : effect.told;
  // The office's own request (a termination) is not the student's to read: their notice does not open it.
  const studentReads = !!profile.userId && (r.requesterUserId === profile.userId || r.subjectUserId === profile.userId);
  if (profile.userId)
    await notify(tx, ctx, {
      userIds: [profile.userId],
      text: told,
      typeName: effect.auditAction,
      ...(studentReads ? { requestId: r.id } : {}),
      profileId: r.profileId,
    });
}

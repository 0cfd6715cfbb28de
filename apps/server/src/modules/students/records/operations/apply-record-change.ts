import { eq } from 'drizzle-orm';
import { studentsApi as S } from '@meridian/domain';
import { writeAudit } from '../../../../platform/audit/audit.js';
import type { TTx } from '../../../../platform/db/database.js';
import { badRequest, type TFieldErrors } from '../../../../platform/errors/app-error.js';
import { type TContext } from '../../../../platform/http/context.js';
import { studentProfiles } from '../../schema.js';
import { type TProfileRow } from '../../student.policy.js';
import { raiseEventsForChange } from '../record-changes.js';
import { assertNoDuplicate, assertSiteReachable, type TProfileUpdate } from '../record-rules.js';

/**
 * Applies changed values to a locked record: cross-field checks, duplicates, site move, one audit
 * event with before/after of the changed fields, and the SEVIS updates (naming the request that asked
 * for the change, when one did). Shared by PUT, corrections and approved scholar requests.
 */
export async function applyRecordChange(
  tx: TTx,
  ctx: TContext,
  before: TProfileRow,
  set: TProfileUpdate,
  action: string,
  extra: Record<string, unknown> = {},
  requestId: string | null = null,
) {
  const merged = { ...before, ...set } as TProfileRow;
  const errors: TFieldErrors = {};
  if (merged.programStartDate && merged.programEndDate && merged.programEndDate < merged.programStartDate)
    errors.programEndDate = ['The program end must be on or after its start'];
  if (merged.sessionStartDate && merged.sessionEndDate && merged.sessionEndDate < merged.sessionStartDate)
    errors.sessionEndDate = ['The session end must be on or after its start'];
  if (merged.sessionStartDate && merged.programStartDate && merged.sessionStartDate < merged.programStartDate)
    errors.sessionStartDate = ['The session must start on or after the program start'];
  if (merged.visaType === 'J-1' && !merged.evCategoryCode) errors.evCategoryCode = ['Required field'];
  const english = S.englishReasonIssue(merged);
  if (english) errors.englishNotRequiredReason = [english];
  if (Object.keys(errors).length) throw badRequest(Object.values(errors)[0]![0]!, errors);
  if (set.campusSiteId !== undefined && set.campusSiteId !== before.campusSiteId) await assertSiteReachable(tx, ctx, set.campusSiteId!);
  const touchesIdentity = ['sevisId', 'campusId', 'firstName', 'lastName', 'birthDate'].some((k) => k in set);
  if (touchesIdentity) await assertNoDuplicate(tx, merged, before.id);
  const changed = Object.keys(set).filter(
    (k) => JSON.stringify((before as Record<string, unknown>)[k] ?? null) !== JSON.stringify((set as Record<string, unknown>)[k] ?? null),
  );
  if (!changed.length) return before;
  const [after] = await tx
    .update(studentProfiles)
    .set({ ...set, updatedAt: new Date() })
    .where(eq(studentProfiles.id, before.id))
    .returning();
  const raised = await raiseEventsForChange(tx, ctx, before, after!, requestId);
  await writeAudit(tx, {
    institutionId: ctx.institutionId,
    actorUserId: ctx.actor?.userId ?? null,
    entityType: 'student_profile',
    entityId: before.id,
    action,
    before: Object.fromEntries(changed.map((k) => [k, (before as Record<string, unknown>)[k] ?? null])),
    after: {
      ...Object.fromEntries(changed.map((k) => [k, (after as Record<string, unknown>)[k] ?? null])),
      ...extra,
      ...(raised.length ? { sevisUpdates: raised } : {}),
    },
    ip: ctx.ip,
  });
  return after!;
}

import { eq } from 'drizzle-orm';
import { studentsApi } from '@meridian/domain';
import { writeAudit } from '../../../../platform/audit/audit.js';
import type { TTx } from '../../../../platform/db/database.js';
import { AppError, badRequest } from '../../../../platform/errors/app-error.js';
import { requireActor, type TContext } from '../../../../platform/http/context.js';
import { notify } from '../../../notifications/index.js';
import { users } from '../../../people/index.js';
import { getOwnProfile, type TProfileRow } from '../../student.policy.js';
import { studentStageProgress, studentProfiles } from '../../schema.js';
import { siteOfficers } from '../../../people/index.js';
import { tellStageChanged } from '../../records/stage-notice.js';
import { stageErrors, STAGE_ITEMS_STEP } from '../stage-view.js';
import { STAGE_INCOMPLETE, progressRow, stageViewOf } from '../stage-progress.js';

const NO_NEXT_STAGE = 'There is nothing to complete in your current stage.';

async function studentName(tx: TTx, p: TProfileRow): Promise<string> {
  const own = `${p.firstName} ${p.lastName}`.trim();
  if (own || !p.userId) return own || 'A student';
  const [u] = await tx.select({ f: users.firstName, l: users.lastName }).from(users).where(eq(users.id, p.userId));
  return u ? `${u.f} ${u.l}`.trim() : 'A student';
}

/**
 * Finishes the student's current portal stage: refused (400, a message per field) while anything
 * required is missing; otherwise moves exactly one stage on, records it, audits it and tells the office.
 */
export async function completeMyStage(ctx: TContext): Promise<studentsApi.TCompleteStageOutput> {
  const actor = requireActor(ctx);
  return ctx.db(async (tx) => {
    const own = await getOwnProfile(tx, ctx);
    // Locked, so a double submit moves one stage, not two.
    const [p] = await tx.select().from(studentProfiles).where(eq(studentProfiles.id, own.id)).for('update');
    const from = p!.currentStage;
    const next = studentsApi.NEXT_PORTAL_STAGE[from];
    if (!next) throw badRequest(NO_NEXT_STAGE);
    const view = await stageViewOf(tx, p!);
    const errors = stageErrors(view);
    if (Object.keys(errors).length) throw new AppError(400, 'INCOMPLETE', STAGE_INCOMPLETE, errors);

    const [moved] = await tx
      .update(studentProfiles)
      .set({ currentStage: next, updatedAt: new Date() })
      .where(eq(studentProfiles.id, p!.id))
      .returning();
    // Finishing the wizard completes all its steps (the last ones need no Next).
    const had = (await progressRow(tx, p!.id, from))?.completedStepIds ?? [];
    const steps = [...new Set([...had, ...(view.wizard?.steps.map((s) => s.id).filter((id) => id !== STAGE_ITEMS_STEP) ?? [])])];
    await tx
      .insert(studentStageProgress)
      .values({ institutionId: ctx.institutionId, profileId: p!.id, stage: from, completedStepIds: steps, completedAt: new Date() })
      .onConflictDoUpdate({
        target: [studentStageProgress.profileId, studentStageProgress.stage],
        set: { completedStepIds: steps, completedAt: new Date(), updatedAt: new Date() },
      });
    const labels = studentsApi.PORTAL_STAGE_LABELS;
    await writeAudit(tx, {
      institutionId: ctx.institutionId,
      actorUserId: actor.userId,
      entityType: 'student_profile',
      entityId: p!.id,
      action: 'student.stage-completed',
      before: { currentStage: from },
      after: { currentStage: next, completedStage: labels[from as studentsApi.TPortalStage] ?? from },
      ip: ctx.ip,
    });
    const name = await studentName(tx, p!);
    await notify(tx, ctx, {
      userIds: await siteOfficers(tx, p!.campusSiteId),
      typeName: 'student.stage-completed',
      profileId: p!.id,
      text: `${name} completed ${from === 'invited' ? 'the welcome wizard' : labels[from as studentsApi.TPortalStage]} and is now in ${labels[next]}.`,
    });
    await tellStageChanged(tx, ctx, moved!);
    return { profileId: p!.id, stage: next, homePath: studentsApi.stageHomePath(next, p!.id) };
  });
}

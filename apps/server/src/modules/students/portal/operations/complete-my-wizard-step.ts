import { type studentsApi } from '@meridian/domain';
import { writeAudit } from '../../../../platform/audit/audit.js';
import { AppError, badRequest, notFound } from '../../../../platform/errors/app-error.js';
import { requireActor, type TContext } from '../../../../platform/http/context.js';
import { getOwnProfile } from '../../student.policy.js';
import { studentStageProgress } from '../../schema.js';
import { stageErrors, STAGE_ITEMS_STEP } from '../stage-view.js';
import { stageViewOf } from '../stage-progress.js';

/** Records a welcome wizard step as done once its own questions and documents are complete. */
export async function completeMyWizardStep(ctx: TContext, stepId: string): Promise<studentsApi.TMyStage> {
  const actor = requireActor(ctx);
  return ctx.db(async (tx) => {
    const p = await getOwnProfile(tx, ctx);
    if (p.currentStage !== 'invited') throw badRequest('You have already finished the welcome wizard.');
    const view = await stageViewOf(tx, p);
    const step = view.wizard?.steps.find((s) => s.id === stepId);
    if (!step) throw notFound();
    const errors = stageErrors(view, { questionIds: step.questionIds, documentIds: step.documentIds });
    if (Object.keys(errors).length)
      throw new AppError(400, 'INCOMPLETE', 'Please complete this step: see the messages on each item.', errors);
    const done = view.wizard!.completedStepIds;
    if (!done.includes(stepId)) {
      // The virtual step of the stage's own items has no row id; the stage's completion checks its items.
      const ids = [...done, stepId].filter((id) => id !== STAGE_ITEMS_STEP);
      await tx
        .insert(studentStageProgress)
        .values({ institutionId: ctx.institutionId, profileId: p.id, stage: 'invited', completedStepIds: ids })
        .onConflictDoUpdate({
          target: [studentStageProgress.profileId, studentStageProgress.stage],
          set: { completedStepIds: ids, updatedAt: new Date() },
        });
      await writeAudit(tx, {
        institutionId: ctx.institutionId,
        actorUserId: actor.userId,
        entityType: 'student_profile',
        entityId: p.id,
        action: 'student.wizard-step-completed',
        after: { stepId, title: step.title },
        ip: ctx.ip,
      });
    }
    return stageViewOf(tx, p);
  });
}

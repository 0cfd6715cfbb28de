import { and, eq } from 'drizzle-orm';
import type { TTx } from '../../../platform/db/database.js';
import { type TProfileRow } from '../student.policy.js';
import { studentStageProgress } from '../schema.js';
import { buildStageView } from './stage-view.js';

export const STAGE_INCOMPLETE = 'Please complete this stage before continuing: see the messages on each item.';

/** The student's progress on a stage (which wizard steps are done), if any. */
export async function progressRow(tx: TTx, profileId: string, stage: string) {
  const [row] = await tx
    .select()
    .from(studentStageProgress)
    .where(and(eq(studentStageProgress.profileId, profileId), eq(studentStageProgress.stage, stage)));
  return row ?? null;
}

/** The student's current stage as they see it. */
export async function stageViewOf(tx: TTx, p: TProfileRow) {
  const progress = await progressRow(tx, p.id, p.currentStage);
  return buildStageView(tx, {
    stage: p.currentStage,
    visaType: p.visaType,
    profile: { id: p.id, userId: p.userId },
    completedStepIds: progress?.completedStepIds ?? [],
  });
}

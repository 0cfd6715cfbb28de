import { eq } from 'drizzle-orm';
import { studentsApi } from '@meridian/domain';
import { type TContext } from '../../../../platform/http/context.js';
import { getAccessibleProfile } from '../../student.policy.js';
import { studentStageProgress } from '../../schema.js';
import { stageErrors } from '../stage-view.js';
import { stageViewOf } from '../stage-progress.js';

/** A student's portal progress for office staff who reach the record. */
export async function getStageProgress(ctx: TContext, profileId: string): Promise<studentsApi.TStageProgress> {
  return ctx.db(async (tx) => {
    const p = await getAccessibleProfile(tx, ctx, profileId, 'read');
    const rows = await tx.select().from(studentStageProgress).where(eq(studentStageProgress.profileId, p.id));
    const order = studentsApi.PORTAL_STAGES as readonly string[];
    const history = rows
      .sort((a, b) => order.indexOf(a.stage) - order.indexOf(b.stage))
      .map((r) => ({ stage: r.stage, completedAt: r.completedAt?.toISOString() ?? null, completedSteps: r.completedStepIds.length }));
    let current: studentsApi.TStageProgress['current'] = null;
    let wizard: studentsApi.TStageProgress['wizard'] = null;
    if (studentsApi.NEXT_PORTAL_STAGE[p.currentStage]) {
      const view = await stageViewOf(tx, p);
      const errors = stageErrors(view);
      current = {
        total: view.completeness.total,
        done: view.completeness.done,
        items: [
          ...view.questions.questions.map((q) => ({
            key: `custom.${q.id}`,
            label: q.questionText,
            isRequired: q.isRequired,
            isDone: !errors[`custom.${q.id}`] && (!q.isRequired || !!view.questions.answers[q.id]),
          })),
          ...view.documents.flatMap((d) =>
            d.slots.map((s) => ({
              key: s.key,
              label: s.dependentId || s.soaId ? `${d.name} (${s.label})` : d.name,
              isRequired: d.isRequired,
              isDone: s.isDone,
            })),
          ),
        ],
      };
      if (view.wizard) wizard = { totalSteps: view.wizard.steps.length, completedSteps: view.wizard.completedStepIds.length };
    }
    return { profileId: p.id, currentStage: p.currentStage, visaType: p.visaType, history, current, wizard };
  });
}

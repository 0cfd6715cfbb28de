import type { formsApi } from '@meridian/domain';
import { writeAudit } from '../../../platform/audit/audit.js';
import { requireActor, type TContext } from '../../../platform/http/context.js';
import { normalizeContent } from '../content.js';
import { presentQuestionnaire, questionnaireAudit } from '../questionnaire.presenter.js';
import { questionnaires, questionnaireVersions } from '../schema.js';
import { type TQuestionnaireFields } from '../questionnaire-rules.js';

/** Creates a questionnaire and its version 1. */
export async function createQuestionnaire(ctx: TContext, input: TQuestionnaireFields): Promise<formsApi.TQuestionnaire> {
  const actor = requireActor(ctx);
  return ctx.db(async (tx) => {
    const content = await normalizeContent(tx, input.content);
    const [row] = await tx
      .insert(questionnaires)
      .values({
        institutionId: ctx.institutionId,
        name: input.name,
        description: input.description,
        programType: input.programType,
        isConditional: input.isConditional,
        createdBy: actor.userId,
      })
      .returning();
    const [version] = await tx
      .insert(questionnaireVersions)
      .values({
        institutionId: ctx.institutionId,
        questionnaireId: row!.id,
        versionNo: 1,
        content,
        createdBy: actor.userId,
      })
      .returning();
    await writeAudit(tx, {
      institutionId: ctx.institutionId,
      actorUserId: actor.userId,
      entityType: 'questionnaire',
      entityId: row!.id,
      action: 'questionnaire.created',
      after: questionnaireAudit(row!, version),
      ip: ctx.ip,
    });
    return presentQuestionnaire(row!, version!, false, actor);
  });
}

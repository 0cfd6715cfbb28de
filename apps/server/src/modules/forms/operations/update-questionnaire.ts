import { eq } from 'drizzle-orm';
import type { formsApi } from '@meridian/domain';
import { writeAudit } from '../../../platform/audit/audit.js';
import { requireActor, type TContext } from '../../../platform/http/context.js';
import { normalizeContent, parseContent } from '../content.js';
import { presentQuestionnaire, questionnaireAudit } from '../questionnaire.presenter.js';
import { questionnaires, questionnaireVersions } from '../schema.js';
import { loadQuestionnaire, type TQuestionnaireFields, versionHasAnswers } from '../questionnaire-rules.js';

/**
 * Changes a questionnaire. Answers stay bound to the version they answered: when the latest version
 * has answers and the content changes, the change becomes a new version; otherwise it is edited in place.
 */
export async function updateQuestionnaire(
  ctx: TContext,
  questionnaireId: string,
  input: TQuestionnaireFields,
): Promise<formsApi.TQuestionnaire> {
  const actor = requireActor(ctx);
  return ctx.db(async (tx) => {
    // The row lock queues two saves of the same questionnaire, so they cannot both create version n+1.
    const { row, version } = await loadQuestionnaire(tx, questionnaireId, true);
    const content = await normalizeContent(tx, input.content, row.id);
    const contentChanged = JSON.stringify(content) !== JSON.stringify(parseContent(version.content));
    const answered = await versionHasAnswers(tx, version.id);
    const now = new Date();
    let saved = version;
    if (contentChanged && answered) {
      [saved] = (await tx
        .insert(questionnaireVersions)
        .values({
          institutionId: ctx.institutionId,
          questionnaireId: row.id,
          versionNo: version.versionNo + 1,
          content,
          createdBy: actor.userId,
        })
        .returning()) as [typeof version];
    } else if (contentChanged) {
      [saved] = (await tx
        .update(questionnaireVersions)
        .set({ content, updatedAt: now })
        .where(eq(questionnaireVersions.id, version.id))
        .returning()) as [typeof version];
    }
    const [updated] = await tx
      .update(questionnaires)
      .set({
        name: input.name,
        description: input.description,
        programType: input.programType,
        isConditional: input.isConditional,
        updatedAt: now,
      })
      .where(eq(questionnaires.id, row.id))
      .returning();
    await writeAudit(tx, {
      institutionId: ctx.institutionId,
      actorUserId: actor.userId,
      entityType: 'questionnaire',
      entityId: row.id,
      action: saved.id !== version.id ? 'questionnaire.versioned' : 'questionnaire.updated',
      before: questionnaireAudit(row, version),
      after: questionnaireAudit(updated!, saved),
      ip: ctx.ip,
    });
    return presentQuestionnaire(updated!, saved, saved.id === version.id && answered, actor);
  });
}

import { eq } from 'drizzle-orm';
import type { formsApi } from '@meridian/domain';
import { writeAudit } from '../../platform/audit/audit.js';
import { requireActor, type TContext } from '../../platform/http/context.js';
import { presentQuestionnaire, questionnaireAudit } from './questionnaire.presenter.js';
import { questionnaires } from './schema.js';
import { loadQuestionnaire, versionHasAnswers } from './questionnaire-rules.js';

/** Retires or brings back a questionnaire, audited as either. */
export async function setRetired(ctx: TContext, questionnaireId: string, isRetired: boolean): Promise<formsApi.TQuestionnaire> {
  const actor = requireActor(ctx);
  return ctx.db(async (tx) => {
    const { row, version } = await loadQuestionnaire(tx, questionnaireId, true);
    const [updated] = await tx
      .update(questionnaires)
      .set({ isRetired, updatedAt: new Date() })
      .where(eq(questionnaires.id, row.id))
      .returning();
    await writeAudit(tx, {
      institutionId: ctx.institutionId,
      actorUserId: actor.userId,
      entityType: 'questionnaire',
      entityId: row.id,
      action: isRetired ? 'questionnaire.retired' : 'questionnaire.unretired',
      before: questionnaireAudit(row),
      after: questionnaireAudit(updated!),
      ip: ctx.ip,
    });
    return presentQuestionnaire(updated!, version, await versionHasAnswers(tx, version.id), actor);
  });
}

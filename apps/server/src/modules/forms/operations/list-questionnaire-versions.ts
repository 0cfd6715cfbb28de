import { and, count, desc, eq, inArray } from 'drizzle-orm';
import type { formsApi } from '@meridian/domain';
import { requireActor, type TContext } from '../../../platform/http/context.js';
import { countItems, parseContent } from '../content.js';
import { answerSets, questionnaireVersions } from '../schema.js';
import { loadQuestionnaire } from '../questionnaire-rules.js';

/** A questionnaire's versions, each with whether answers were given to it. */
export async function listQuestionnaireVersions(ctx: TContext, questionnaireId: string): Promise<formsApi.TQuestionnaireVersion[]> {
  requireActor(ctx);
  return ctx.db(async (tx) => {
    const { row } = await loadQuestionnaire(tx, questionnaireId);
    const versions = await tx
      .select()
      .from(questionnaireVersions)
      .where(eq(questionnaireVersions.questionnaireId, row.id))
      .orderBy(desc(questionnaireVersions.versionNo));
    const counts = await tx
      .select({ versionId: answerSets.questionnaireVersionId, n: count() })
      .from(answerSets)
      .where(
        and(
          inArray(
            answerSets.questionnaireVersionId,
            versions.map((v) => v.id),
          ),
        ),
      )
      .groupBy(answerSets.questionnaireVersionId);
    const byVersion = new Map(counts.map((c) => [c.versionId, Number(c.n)]));
    return versions.map((v) => ({
      versionId: v.id,
      versionNo: v.versionNo,
      createdAt: v.createdAt.toISOString(),
      answerSetCount: byVersion.get(v.id) ?? 0,
      itemCount: countItems(parseContent(v.content)),
    }));
  });
}

import { and, count, desc, eq, inArray } from 'drizzle-orm';
import type { formsApi } from '@meridian/domain';
import type { z } from 'zod';
import { writeAudit } from '../../../platform/audit/audit.js';
import type { TTx } from '../../../platform/db/database.js';
import { notFound } from '../../../platform/errors/app-error.js';
import { requireActor, type TContext } from '../../../platform/http/context.js';
import { countItems, normalizeContent, parseContent } from '../content.js';
import { presentQuestionnaire, presentSummary, questionnaireAudit } from '../questionnaire.presenter.js';
import { listQuestionnairesQuery } from '../queries/list-questionnaires.query.js';
import { answerSets, questionnaires, questionnaireVersions } from '../schema.js';

type TSaveInput = z.output<typeof formsApi.ZSaveQuestionnaireInput>;

export async function loadQuestionnaire(tx: TTx, questionnaireId: string, lock = false) {
  const base = tx.select().from(questionnaires).where(eq(questionnaires.id, questionnaireId));
  const [row] = lock ? await base.for('update') : await base;
  if (!row) throw notFound();
  const [version] = await tx
    .select()
    .from(questionnaireVersions)
    .where(eq(questionnaireVersions.questionnaireId, row.id))
    .orderBy(desc(questionnaireVersions.versionNo))
    .limit(1);
  if (!version) throw notFound();
  return { row, version };
}

async function versionHasAnswers(tx: TTx, versionId: string): Promise<boolean> {
  const [hit] = await tx.select({ id: answerSets.id }).from(answerSets).where(eq(answerSets.questionnaireVersionId, versionId)).limit(1);
  return !!hit;
}

export async function listQuestionnaires(ctx: TContext, q: formsApi.TListQuestionnairesQuery) {
  requireActor(ctx);
  return ctx.db(async (tx) => {
    const { rows, total } = await listQuestionnairesQuery(tx, q);
    return { items: rows.map((r) => presentSummary(r.row, r.version)), total, page: q.page, pageSize: q.pageSize };
  });
}

export async function getQuestionnaire(ctx: TContext, questionnaireId: string): Promise<formsApi.TQuestionnaire> {
  const actor = requireActor(ctx);
  return ctx.db(async (tx) => {
    const { row, version } = await loadQuestionnaire(tx, questionnaireId);
    return presentQuestionnaire(row, version, await versionHasAnswers(tx, version.id), actor);
  });
}

/** Creates a questionnaire and its version 1. */
export async function createQuestionnaire(ctx: TContext, input: TSaveInput): Promise<formsApi.TQuestionnaire> {
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

/**
 * Changes a questionnaire. Answers stay bound to the version they answered: when the latest version
 * has answers and the content changes, the change becomes a new version; otherwise it is edited in place.
 */
export async function updateQuestionnaire(ctx: TContext, questionnaireId: string, input: TSaveInput): Promise<formsApi.TQuestionnaire> {
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

export async function listVersions(ctx: TContext, questionnaireId: string): Promise<formsApi.TQuestionnaireVersion[]> {
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

import { and, asc, eq } from 'drizzle-orm';
import type { formsApi } from '@meridian/domain';
import type { z } from 'zod';
import { writeAudit } from '../../../platform/audit/audit.js';
import type { TTx } from '../../../platform/db/database.js';
import { fieldError, notFound } from '../../../platform/errors/app-error.js';
import { requireActor, type TContext } from '../../../platform/http/context.js';
import { customDocuments, questionnaires } from '../schema.js';

type TInput = z.output<typeof formsApi.ZSaveCustomDocumentInput>;
type TRow = typeof customDocuments.$inferSelect;

const CHOOSE_QUESTIONNAIRE = 'Choose the questionnaire to fill in.';

const present = (r: TRow, questionnaireName: string | null): formsApi.TCustomDocument => ({
  id: r.id,
  name: r.name,
  description: r.description,
  instructions: r.instructions,
  documentType: r.documentType as formsApi.TCustomDocument['documentType'],
  questionnaireId: r.questionnaireId,
  questionnaireName,
  appliesTo: r.appliesTo as formsApi.TCustomDocument['appliesTo'],
  isRequired: r.isRequired,
  isHidden: r.isHidden,
  isVisibleToStudent: r.isVisibleToStudent,
  ordinal: r.ordinal,
});

/** A questionnaire document names a questionnaire of this institution; a file upload names none. */
async function prepare(tx: TTx, input: TInput) {
  let questionnaireName: string | null = null;
  if (input.documentType === 'questionnaire') {
    if (!input.questionnaireId) throw fieldError('questionnaireId', CHOOSE_QUESTIONNAIRE);
    const [q] = await tx.select({ name: questionnaires.name }).from(questionnaires).where(eq(questionnaires.id, input.questionnaireId));
    if (!q) throw fieldError('questionnaireId', CHOOSE_QUESTIONNAIRE);
    questionnaireName = q.name;
  }
  return {
    values: { ...input, questionnaireId: input.documentType === 'questionnaire' ? input.questionnaireId : null },
    questionnaireName,
  };
}

async function loadLive(tx: TTx, id: string) {
  const [row] = await tx
    .select()
    .from(customDocuments)
    .where(and(eq(customDocuments.id, id), eq(customDocuments.isDeleted, false)))
    .for('update');
  if (!row) throw notFound();
  return row;
}

export async function listCustomDocuments(ctx: TContext): Promise<formsApi.TCustomDocument[]> {
  requireActor(ctx);
  return ctx.db(async (tx) => {
    const rows = await tx
      .select({ doc: customDocuments, questionnaireName: questionnaires.name })
      .from(customDocuments)
      .leftJoin(questionnaires, eq(questionnaires.id, customDocuments.questionnaireId))
      .where(eq(customDocuments.isDeleted, false))
      .orderBy(asc(customDocuments.ordinal), asc(customDocuments.createdAt), asc(customDocuments.id));
    return rows.map((r) => present(r.doc, r.questionnaireName));
  });
}

export async function createCustomDocument(ctx: TContext, input: TInput): Promise<formsApi.TCustomDocument> {
  const actor = requireActor(ctx);
  return ctx.db(async (tx) => {
    const { values, questionnaireName } = await prepare(tx, input);
    const [row] = await tx
      .insert(customDocuments)
      .values({ institutionId: ctx.institutionId, ...values })
      .returning();
    const out = present(row!, questionnaireName);
    await writeAudit(tx, {
      institutionId: ctx.institutionId,
      actorUserId: actor.userId,
      entityType: 'custom_document',
      entityId: row!.id,
      action: 'custom-document.created',
      after: out,
      ip: ctx.ip,
    });
    return out;
  });
}

export async function updateCustomDocument(ctx: TContext, id: string, input: TInput): Promise<formsApi.TCustomDocument> {
  const actor = requireActor(ctx);
  return ctx.db(async (tx) => {
    const row = await loadLive(tx, id);
    const { values, questionnaireName } = await prepare(tx, input);
    const [updated] = await tx
      .update(customDocuments)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(customDocuments.id, row.id))
      .returning();
    const out = present(updated!, questionnaireName);
    await writeAudit(tx, {
      institutionId: ctx.institutionId,
      actorUserId: actor.userId,
      entityType: 'custom_document',
      entityId: row.id,
      action: 'custom-document.updated',
      before: present(row, null),
      after: out,
      ip: ctx.ip,
    });
    return out;
  });
}

/** Soft delete: files already uploaded against it stay with their records. */
export async function deleteCustomDocument(ctx: TContext, id: string): Promise<{ ok: true }> {
  const actor = requireActor(ctx);
  return ctx.db(async (tx) => {
    const row = await loadLive(tx, id);
    await tx.update(customDocuments).set({ isDeleted: true, updatedAt: new Date() }).where(eq(customDocuments.id, row.id));
    await writeAudit(tx, {
      institutionId: ctx.institutionId,
      actorUserId: actor.userId,
      entityType: 'custom_document',
      entityId: row.id,
      action: 'custom-document.deleted',
      before: present(row, null),
      ip: ctx.ip,
    });
    return { ok: true as const };
  });
}

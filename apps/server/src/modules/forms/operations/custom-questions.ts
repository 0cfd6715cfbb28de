import { and, asc, eq } from 'drizzle-orm';
import type { formsApi } from '@meridian/domain';
import type { z } from 'zod';
import { writeAudit } from '../../../platform/audit/audit.js';
import type { TTx } from '../../../platform/db/database.js';
import { fieldError, notFound } from '../../../platform/errors/app-error.js';
import { requireActor, type TContext } from '../../../platform/http/context.js';
import { FORMS_MSG } from '../content.js';
import { customQuestions, lookupSets } from '../schema.js';

type TInput = z.output<typeof formsApi.ZSaveCustomQuestionInput>;
type TRow = typeof customQuestions.$inferSelect;

const SELECTIONS = ['S_SELECT', 'M_SELECT'];

const present = (r: TRow): formsApi.TCustomQuestion => ({
  id: r.id,
  questionType: r.questionType as formsApi.TCustomQuestionType,
  questionDataType: r.questionDataType,
  questionText: r.questionText,
  questionInstruction: r.questionInstruction,
  lookupSetId: r.lookupSetId,
  options: r.options,
  ordinal: r.ordinal,
  isActive: r.isActive,
  isHidden: r.isHidden,
  isRequired: r.isRequired,
});

/** Selection questions need options or a lookup set of this institution; others carry neither. */
async function prepare(tx: TTx, input: TInput) {
  const isSelection = SELECTIONS.includes(input.questionType);
  if (isSelection && input.lookupSetId) {
    const [set] = await tx.select({ id: lookupSets.id }).from(lookupSets).where(eq(lookupSets.id, input.lookupSetId));
    if (!set) throw fieldError('lookupSetId', FORMS_MSG.unknownLookupSet);
  } else if (isSelection && input.options.length === 0) {
    throw fieldError('options', FORMS_MSG.needsOptions);
  }
  return {
    questionType: input.questionType,
    questionDataType: input.questionType === 'NUMR' ? 'NUMR' : 'TEXT',
    questionText: input.questionText,
    questionInstruction: input.questionInstruction,
    lookupSetId: isSelection ? input.lookupSetId : null,
    options: isSelection && !input.lookupSetId ? input.options : [],
    ordinal: input.ordinal,
    isActive: input.isActive,
    isHidden: input.isHidden,
    isRequired: input.isRequired,
  };
}

async function loadLive(tx: TTx, id: string) {
  const [row] = await tx
    .select()
    .from(customQuestions)
    .where(and(eq(customQuestions.id, id), eq(customQuestions.isDeleted, false)))
    .for('update');
  if (!row) throw notFound();
  return row;
}

export async function listCustomQuestions(ctx: TContext): Promise<formsApi.TCustomQuestion[]> {
  requireActor(ctx);
  return ctx.db(async (tx) =>
    (
      await tx
        .select()
        .from(customQuestions)
        .where(eq(customQuestions.isDeleted, false))
        .orderBy(asc(customQuestions.ordinal), asc(customQuestions.createdAt), asc(customQuestions.id))
    ).map(present),
  );
}

export async function createCustomQuestion(ctx: TContext, input: TInput): Promise<formsApi.TCustomQuestion> {
  const actor = requireActor(ctx);
  return ctx.db(async (tx) => {
    const [row] = await tx
      .insert(customQuestions)
      .values({ institutionId: ctx.institutionId, ...(await prepare(tx, input)) })
      .returning();
    await writeAudit(tx, {
      institutionId: ctx.institutionId,
      actorUserId: actor.userId,
      entityType: 'custom_question',
      entityId: row!.id,
      action: 'custom-question.created',
      after: present(row!),
      ip: ctx.ip,
    });
    return present(row!);
  });
}

export async function updateCustomQuestion(ctx: TContext, id: string, input: TInput): Promise<formsApi.TCustomQuestion> {
  const actor = requireActor(ctx);
  return ctx.db(async (tx) => {
    const row = await loadLive(tx, id);
    const [updated] = await tx
      .update(customQuestions)
      .set({ ...(await prepare(tx, input)), updatedAt: new Date() })
      .where(eq(customQuestions.id, row.id))
      .returning();
    await writeAudit(tx, {
      institutionId: ctx.institutionId,
      actorUserId: actor.userId,
      entityType: 'custom_question',
      entityId: row.id,
      action: 'custom-question.updated',
      before: present(row),
      after: present(updated!),
      ip: ctx.ip,
    });
    return present(updated!);
  });
}

/** Soft delete: responses already given keep their question. */
export async function deleteCustomQuestion(ctx: TContext, id: string): Promise<{ ok: true }> {
  const actor = requireActor(ctx);
  return ctx.db(async (tx) => {
    const row = await loadLive(tx, id);
    await tx.update(customQuestions).set({ isDeleted: true, updatedAt: new Date() }).where(eq(customQuestions.id, row.id));
    await writeAudit(tx, {
      institutionId: ctx.institutionId,
      actorUserId: actor.userId,
      entityType: 'custom_question',
      entityId: row.id,
      action: 'custom-question.deleted',
      before: present(row),
      ip: ctx.ip,
    });
    return { ok: true as const };
  });
}

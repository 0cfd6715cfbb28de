import { and, asc, eq, inArray } from 'drizzle-orm';
import type { studentsApi } from '@meridian/domain';
import type { z } from 'zod';
import type { TTx } from '../../../platform/db/database.js';
import { fieldError, notFound } from '../../../platform/errors/app-error.js';
import { customDocuments, customQuestions } from '../../forms/index.js';
import { welcomeWizardSteps } from '../schema.js';

export type TWizardStepFields = z.output<typeof studentsApi.ZSaveWizardStepInput>;

type TRow = typeof welcomeWizardSteps.$inferSelect;

const CHOOSE_QUESTIONS = 'Choose at least one question for a questions step.';

const CHOOSE_DOCUMENTS = 'Choose at least one document for a documents step.';

const UNKNOWN_ITEM = 'One of the chosen items no longer exists; choose again.';

/** Names of custom questions or documents by id (deleted ones left out). */
export async function itemNames(tx: TTx, kind: string, ids: string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  if (kind === 'questions') {
    const rows = await tx
      .select({ id: customQuestions.id, name: customQuestions.questionText })
      .from(customQuestions)
      .where(and(inArray(customQuestions.id, ids), eq(customQuestions.isDeleted, false)));
    return new Map(rows.map((r) => [r.id, r.name]));
  }
  if (kind === 'documents') {
    const rows = await tx
      .select({ id: customDocuments.id, name: customDocuments.name })
      .from(customDocuments)
      .where(and(inArray(customDocuments.id, ids), eq(customDocuments.isDeleted, false)));
    return new Map(rows.map((r) => [r.id, r.name]));
  }
  return new Map();
}

/** A wizard step with the names of its questions and documents. */
export async function presentWizardStep(tx: TTx, r: TRow): Promise<studentsApi.TWizardStep> {
  const names = await itemNames(tx, r.kind, r.itemIds);
  return {
    id: r.id,
    title: r.title,
    body: r.body,
    kind: r.kind as studentsApi.TWizardStepKind,
    itemIds: r.itemIds,
    itemNames: r.itemIds.map((id) => names.get(id)).filter((n): n is string => !!n),
    visaScope: r.visaScope as studentsApi.TVisaScope,
    isActive: r.isActive,
    ordinal: r.ordinal,
  };
}

/** Items belong to the step's kind and exist in this institution; content and confirm steps ask none. */
export async function prepareWizardStep(tx: TTx, input: TWizardStepFields) {
  const itemIds = input.kind === 'questions' || input.kind === 'documents' ? [...new Set(input.itemIds)] : [];
  if (input.kind === 'questions' && itemIds.length === 0) throw fieldError('itemIds', CHOOSE_QUESTIONS);
  if (input.kind === 'documents' && itemIds.length === 0) throw fieldError('itemIds', CHOOSE_DOCUMENTS);
  const names = await itemNames(tx, input.kind, itemIds);
  if (names.size !== itemIds.length) throw fieldError('itemIds', UNKNOWN_ITEM);
  return { ...input, itemIds };
}

/** A wizard step (404 otherwise). */
export async function loadWizardStep(tx: TTx, id: string): Promise<TRow> {
  const [row] = await tx.select().from(welcomeWizardSteps).where(eq(welcomeWizardSteps.id, id)).for('update');
  if (!row) throw notFound();
  return row;
}

/** The wizard's steps in order. */
export const orderedWizardSteps = (tx: TTx) =>
  tx.select().from(welcomeWizardSteps).orderBy(asc(welcomeWizardSteps.ordinal), asc(welcomeWizardSteps.createdAt));

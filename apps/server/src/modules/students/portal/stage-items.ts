import { and, asc, eq, inArray } from 'drizzle-orm';
import { type studentsApi } from '@meridian/domain';
import type { TTx } from '../../../platform/db/database.js';
import { notFound } from '../../../platform/errors/app-error.js';
import { customDocuments, customQuestions } from '../../forms/index.js';
import { stageItems } from '../schema.js';
import { uniq } from './stage-view.js';

// ---- stage items (configuration) ----

type TItemRow = typeof stageItems.$inferSelect;

/** Stage items with the names of the questions and documents they are. */
export async function presentStageItems(tx: TTx, rows: TItemRow[]): Promise<studentsApi.TStageItem[]> {
  const qIds = uniq(rows.map((r) => r.customQuestionId));
  const dIds = uniq(rows.map((r) => r.customDocumentId));
  const qs = qIds.length
    ? await tx
        .select({ id: customQuestions.id, label: customQuestions.questionText, isRequired: customQuestions.isRequired })
        .from(customQuestions)
        .where(and(inArray(customQuestions.id, qIds), eq(customQuestions.isDeleted, false)))
    : [];
  const ds = dIds.length
    ? await tx
        .select({ id: customDocuments.id, label: customDocuments.name, isRequired: customDocuments.isRequired })
        .from(customDocuments)
        .where(and(inArray(customDocuments.id, dIds), eq(customDocuments.isDeleted, false)))
    : [];
  const byId = new Map([...qs, ...ds].map((x) => [x.id, x]));
  return rows.flatMap((r) => {
    const ref = byId.get((r.customQuestionId ?? r.customDocumentId)!);
    if (!ref) return []; // its question or document was deleted
    return [
      {
        id: r.id,
        stage: r.stage as studentsApi.TPortalStage,
        visaScope: r.visaScope as studentsApi.TVisaScope,
        ordinal: r.ordinal,
        customQuestionId: r.customQuestionId,
        customDocumentId: r.customDocumentId,
        label: ref.label,
        isRequired: ref.isRequired,
      },
    ];
  });
}

/** Every stage item, by stage and order. */
export const allStageItems = (tx: TTx) =>
  tx.select().from(stageItems).orderBy(asc(stageItems.stage), asc(stageItems.ordinal), asc(stageItems.createdAt));

/** A stage item (404 otherwise). */
export async function loadStageItem(tx: TTx, id: string): Promise<TItemRow> {
  const [row] = await tx.select().from(stageItems).where(eq(stageItems.id, id)).for('update');
  if (!row) throw notFound();
  return row;
}

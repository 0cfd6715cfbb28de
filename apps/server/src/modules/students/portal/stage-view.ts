import { and, asc, eq, inArray, isNull, ne } from 'drizzle-orm';
import { checkCompleteness, formsApi, studentsApi, visaScopeIncludes } from '@meridian/domain';
import type { TTx } from '../../../platform/db/database.js';
import { attachments } from '../../attachments/index.js';
import { customDocuments, loadCustomQuestions } from '../../forms/index.js';
import { stageItems, studentDependents, studentSitesOfActivity, welcomeWizardSteps } from '../schema.js';

/** Answers to stage questions belong to the student record. */
export const PROFILE_SUBJECT = 'student_profile';

const NO_SUBJECT = '00000000-0000-4000-8000-000000000000';

export const STAGE_ITEMS_STEP = 'stage-items';

/** Whose stage is shown: the stage, visa type, record and the wizard steps already done. */
export interface TStageSubject {
  stage: string;
  visaType: string;
  /** null: a preview (no answers, no files, the main record only). */
  profile: { id: string; userId: string | null } | null;
  completedStepIds?: string[];
}

/** The distinct ids, nulls left out. */
export const uniq = (ids: (string | null)[]) => [...new Set(ids.filter((x): x is string => !!x))];

const byOrder = <T extends { id: string }>(rows: T[], order: string[]) => {
  const pos = new Map(order.map((id, i) => [id, i]));
  return [...rows].sort((a, b) => (pos.get(a.id) ?? 0) - (pos.get(b.id) ?? 0));
};

/**
 * What a student of this visa type is asked in this stage: the stage's items and, when invited, the
 * active welcome wizard steps' items; with their answers, files per record/dependent/site, completeness.
 */
export async function buildStageView(tx: TTx, s: TStageSubject): Promise<studentsApi.TMyStage> {
  const items = (
    await tx.select().from(stageItems).where(eq(stageItems.stage, s.stage)).orderBy(asc(stageItems.ordinal), asc(stageItems.createdAt))
  ).filter((i) => visaScopeIncludes(i.visaScope, s.visaType));
  const steps =
    s.stage === 'invited'
      ? (
          await tx
            .select()
            .from(welcomeWizardSteps)
            .where(eq(welcomeWizardSteps.isActive, true))
            .orderBy(asc(welcomeWizardSteps.ordinal), asc(welcomeWizardSteps.createdAt))
        ).filter((w) => visaScopeIncludes(w.visaScope, s.visaType))
      : [];
  const stepQuestionIds = steps.filter((w) => w.kind === 'questions').flatMap((w) => w.itemIds);
  const stepDocumentIds = steps.filter((w) => w.kind === 'documents').flatMap((w) => w.itemIds);
  const questionOrder = uniq([...stepQuestionIds, ...items.map((i) => i.customQuestionId)]);
  const documentOrder = uniq([...stepDocumentIds, ...items.map((i) => i.customDocumentId)]);

  const loaded = await loadCustomQuestions(tx, PROFILE_SUBJECT, s.profile?.id ?? NO_SUBJECT, questionOrder);
  const questions = { questions: byOrder(loaded.questions, questionOrder), answers: s.profile ? loaded.answers : {} };
  const asked = new Set(questions.questions.map((q) => q.id));

  const docRows =
    documentOrder.length === 0
      ? []
      : await tx
          .select()
          .from(customDocuments)
          .where(
            and(
              inArray(customDocuments.id, documentOrder),
              eq(customDocuments.isDeleted, false),
              eq(customDocuments.isHidden, false),
              eq(customDocuments.isVisibleToStudent, true),
              eq(customDocuments.documentType, 'file_upload'),
            ),
          );
  const dependents = s.profile
    ? await tx
        .select()
        .from(studentDependents)
        .where(and(eq(studentDependents.profileId, s.profile.id), eq(studentDependents.status, 'Active')))
        .orderBy(asc(studentDependents.createdAt))
    : [];
  const sites = s.profile
    ? await tx
        .select()
        .from(studentSitesOfActivity)
        .where(and(eq(studentSitesOfActivity.profileId, s.profile.id), eq(studentSitesOfActivity.isActive, true)))
        .orderBy(asc(studentSitesOfActivity.createdAt))
    : [];
  const files =
    s.profile?.userId && docRows.length
      ? await tx
          .select()
          .from(attachments)
          .where(
            and(
              eq(attachments.subjectUserId, s.profile.userId),
              isNull(attachments.requestId),
              ne(attachments.status, 'deleted'),
              inArray(
                attachments.customDocumentId,
                docRows.map((d) => d.id),
              ),
            ),
          )
          .orderBy(asc(attachments.createdAt))
      : [];

  const documents: studentsApi.TStageDocument[] = byOrder(docRows, documentOrder).map((d) => {
    const places =
      d.appliesTo === 'dependent'
        ? dependents.map((x) => ({
            key: `document.${d.id}.dependent.${x.id}`,
            label: `${x.firstName} ${x.lastName}`.trim(),
            dependentId: x.id,
            soaId: null,
          }))
        : d.appliesTo === 'site_of_activity'
          ? sites.map((x) => ({ key: `document.${d.id}.soa.${x.id}`, label: x.name, dependentId: null, soaId: x.id }))
          : [{ key: `document.${d.id}`, label: 'Your record', dependentId: null, soaId: null }];
    const slots = places.map((p) => {
      const mine = files.filter(
        (f) => f.customDocumentId === d.id && (f.dependentId ?? null) === p.dependentId && (f.soaId ?? null) === p.soaId,
      );
      return {
        ...p,
        files: mine.map((f) => ({
          id: f.id,
          fileName: f.fileName,
          createdAt: f.createdAt.toISOString(),
          status: f.status,
          rejectReason: f.rejectReason,
        })),
        isDone: mine.some((f) => f.status === 'active'),
      };
    });
    return {
      id: d.id,
      name: d.name,
      description: d.description,
      instructions: d.instructions,
      isRequired: d.isRequired,
      appliesTo: d.appliesTo,
      slots,
      isDone: slots.every((x) => x.isDone),
    };
  });
  const shown = new Set(documents.map((d) => d.id));

  let wizard: studentsApi.TMyStage['wizard'] = null;
  if (s.stage === 'invited') {
    const views: studentsApi.TWizardStepView[] = steps.map((w) => ({
      id: w.id,
      title: w.title,
      body: w.body,
      kind: w.kind as studentsApi.TWizardStepKind,
      questionIds: w.kind === 'questions' ? w.itemIds.filter((id) => asked.has(id)) : [],
      documentIds: w.kind === 'documents' ? w.itemIds.filter((id) => shown.has(id)) : [],
    }));
    // Items configured for the invited stage that no step asks get a step of their own, before the confirmation.
    const inSteps = new Set([...stepQuestionIds, ...stepDocumentIds]);
    const extraQ = items.map((i) => i.customQuestionId).filter((id): id is string => !!id && !inSteps.has(id) && asked.has(id));
    const extraD = items.map((i) => i.customDocumentId).filter((id): id is string => !!id && !inSteps.has(id) && shown.has(id));
    if (extraQ.length || extraD.length) {
      const extra = {
        id: STAGE_ITEMS_STEP,
        title: 'A few more things',
        body: '',
        kind: (extraQ.length ? 'questions' : 'documents') as studentsApi.TWizardStepKind,
        questionIds: extraQ,
        documentIds: extraD,
      };
      const at = views.findIndex((v) => v.kind === 'confirm');
      views.splice(at === -1 ? views.length : at, 0, extra);
    }
    wizard = { steps: views, completedStepIds: (s.completedStepIds ?? []).filter((id) => views.some((v) => v.id === id)) };
  }

  const errors = stageErrors({ questions, documents });
  // The stage's own step has no row to record it in: it counts as done once its items are complete.
  const extraStep = wizard?.steps.find((v) => v.id === STAGE_ITEMS_STEP);
  if (wizard && extraStep && s.profile && Object.keys(stageErrors({ questions, documents }, extraStep)).length === 0) {
    wizard.completedStepIds.push(STAGE_ITEMS_STEP);
  }
  const required =
    questions.questions.filter((q) => q.isRequired).length + documents.filter((d) => d.isRequired).reduce((n, d) => n + d.slots.length, 0);
  const missing = Object.keys(errors).length;
  return {
    profileId: s.profile?.id ?? NO_SUBJECT,
    stage: s.stage,
    visaType: s.visaType,
    questions,
    documents,
    wizard,
    completeness: { total: Math.max(required, missing), done: Math.max(required, missing) - missing, isComplete: missing === 0 },
    homePath: studentsApi.stageHomePath(s.stage, s.profile?.id ?? NO_SUBJECT),
  };
}

/**
 * What still blocks a stage, keyed per field: `custom.<questionId>` with the questionnaire rules'
 * messages (required, IFYXP/IFNXP explanations...), `document.<id>[.dependent.<id>|.soa.<id>]` per missing file.
 */
export function stageErrors(
  v: Pick<studentsApi.TMyStage, 'questions' | 'documents'>,
  only?: { questionIds: string[]; documentIds: string[] },
): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  const found = checkCompleteness(formsApi.customQuestionsContent(v.questions.questions), v.questions.answers);
  for (const [id, message] of Object.entries(found)) {
    if (!only || only.questionIds.includes(id)) out[`custom.${id}`] = [message];
  }
  for (const d of v.documents) {
    if (!d.isRequired || (only && !only.documentIds.includes(d.id))) continue;
    for (const slot of d.slots) {
      if (slot.isDone) continue;
      out[slot.key] = [slot.dependentId || slot.soaId ? `Please upload ${d.name} for ${slot.label}.` : `Please upload ${d.name}.`];
    }
  }
  return out;
}

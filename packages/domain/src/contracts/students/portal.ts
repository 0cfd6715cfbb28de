// The student portal by stage: welcome wizard configuration, stage items, and the student's own stage.
import { z } from 'zod';
import { MSG } from '../../messages.js';
import { STUDENT_STAGE_LABELS } from '../../catalog/statuses.js';
import { defineRoute, ZOk } from '../define.js';
import { ZCustomQuestionsForAnswering } from '../forms/index.js';
import { ZAnswers } from '../forms/types.js';

/** The stages a student walks through in the portal, in order; completing one moves to the next. */
export const PORTAL_STAGES = ['invited', 'pre_arrival', 'check_in', 'continuing'] as const;
export const ZPortalStage = z.enum(PORTAL_STAGES);
export type TPortalStage = z.infer<typeof ZPortalStage>;
/** The portal stages in the words every page uses for a student's stage (catalog/statuses.ts). */
export const PORTAL_STAGE_LABELS: Record<TPortalStage, string> = {
  invited: STUDENT_STAGE_LABELS.invited,
  pre_arrival: STUDENT_STAGE_LABELS.pre_arrival,
  check_in: STUDENT_STAGE_LABELS.check_in,
  continuing: STUDENT_STAGE_LABELS.continuing,
};
/** The stage after a portal stage (continuing has none: it is the service menu). */
export const NEXT_PORTAL_STAGE: Partial<Record<string, TPortalStage>> = {
  invited: 'pre_arrival',
  pre_arrival: 'check_in',
  check_in: 'continuing',
};

export const VISA_SCOPES = ['All', 'F-1', 'J-1'] as const;
export const ZVisaScope = z.enum(VISA_SCOPES);
export type TVisaScope = z.infer<typeof ZVisaScope>;

export const WIZARD_STEP_KINDS = ['content', 'questions', 'documents', 'confirm'] as const;
export const ZWizardStepKind = z.enum(WIZARD_STEP_KINDS);
export type TWizardStepKind = z.infer<typeof ZWizardStepKind>;
export const WIZARD_STEP_KIND_LABELS: Record<TWizardStepKind, string> = {
  content: 'Content (text only)',
  questions: 'Questions',
  documents: 'Documents',
  confirm: 'Confirmation',
};

// ---- welcome wizard configuration (staff) ----

export const ZSaveWizardStepInput = z.object({
  title: z.string().trim().min(1, MSG.required).max(200, MSG.invalidLength),
  body: z.string().trim().max(20000, MSG.invalidLength).default(''),
  kind: ZWizardStepKind,
  /** Custom question ids (questions steps) or custom document ids (documents steps). */
  itemIds: z.array(z.uuid()).max(50).default([]),
  visaScope: ZVisaScope.default('All'),
  isActive: z.boolean().default(true),
});
export type TSaveWizardStepInput = z.input<typeof ZSaveWizardStepInput>;

export const ZWizardStep = z.object({
  id: z.uuid(),
  title: z.string(),
  body: z.string(),
  kind: ZWizardStepKind,
  itemIds: z.array(z.uuid()),
  /** The asked items' names, in itemIds order (a deleted item is left out). */
  itemNames: z.array(z.string()),
  visaScope: ZVisaScope,
  isActive: z.boolean(),
  ordinal: z.number().int(),
});
export type TWizardStep = z.infer<typeof ZWizardStep>;
export const ZStepIdParams = z.object({ stepId: z.uuid({ error: MSG.notFound }) });

export const listWizardSteps = defineRoute({
  method: 'GET',
  path: '/api/students/welcome-wizard-steps',
  access: 'students.configure',
  tags: ['students'],
  summary: 'The welcome wizard steps, in order',
  response: z.array(ZWizardStep),
});
export const getWizardStep = defineRoute({
  method: 'GET',
  path: '/api/students/welcome-wizard-steps/:stepId',
  access: 'students.configure',
  tags: ['students'],
  summary: 'One welcome wizard step',
  params: ZStepIdParams,
  response: ZWizardStep,
});
export const createWizardStep = defineRoute({
  method: 'POST',
  path: '/api/students/welcome-wizard-steps',
  access: 'students.configure',
  tags: ['students'],
  summary: 'Add a welcome wizard step (at the end)',
  body: ZSaveWizardStepInput,
  response: ZWizardStep,
});
export const updateWizardStep = defineRoute({
  method: 'PUT',
  path: '/api/students/welcome-wizard-steps/:stepId',
  access: 'students.configure',
  tags: ['students'],
  summary: 'Change a welcome wizard step (also activates or deactivates it)',
  params: ZStepIdParams,
  body: ZSaveWizardStepInput,
  response: ZWizardStep,
});
export const deleteWizardStep = defineRoute({
  method: 'DELETE',
  path: '/api/students/welcome-wizard-steps/:stepId',
  access: 'students.configure',
  tags: ['students'],
  summary: 'Remove a welcome wizard step',
  params: ZStepIdParams,
  response: ZOk,
});
export const ZReorderInput = z.object({ ids: z.array(z.uuid()).min(1).max(500) });
export const reorderWizardSteps = defineRoute({
  method: 'PUT',
  path: '/api/students/welcome-wizard-order',
  access: 'students.configure',
  tags: ['students'],
  summary: 'Put the welcome wizard steps in this order (every step id once)',
  body: ZReorderInput,
  response: z.array(ZWizardStep),
});

// ---- what a student sees (shared by the student's own stage and the staff preview) ----

export const ZStageFile = z.object({
  id: z.uuid(),
  fileName: z.string(),
  createdAt: z.string(),
  status: z.string(),
  rejectReason: z.string(),
});
/** One place a document needs a file: the student's own record, a dependent or a site of activity. */
export const ZDocumentSlot = z.object({
  /** The field key of this slot's messages: document.<id>[.dependent.<id>|.soa.<id>] */
  key: z.string(),
  label: z.string(),
  dependentId: z.uuid().nullable(),
  soaId: z.uuid().nullable(),
  files: z.array(ZStageFile),
  isDone: z.boolean(),
});
export const ZStageDocument = z.object({
  id: z.uuid(),
  name: z.string(),
  description: z.string(),
  instructions: z.string(),
  isRequired: z.boolean(),
  /** main | dependent | site_of_activity */
  appliesTo: z.string(),
  slots: z.array(ZDocumentSlot),
  isDone: z.boolean(),
});
export type TStageDocument = z.infer<typeof ZStageDocument>;
export const ZWizardStepView = z.object({
  /** A step id, or 'stage-items' for the invited stage's items that no step asks. */
  id: z.string(),
  title: z.string(),
  body: z.string(),
  kind: ZWizardStepKind,
  questionIds: z.array(z.uuid()),
  documentIds: z.array(z.uuid()),
});
export type TWizardStepView = z.infer<typeof ZWizardStepView>;

export const ZMyStage = z.object({
  profileId: z.uuid(),
  stage: z.string(),
  visaType: z.string(),
  /** The stage's custom questions (stage items and, when invited, the wizard's), with saved answers. */
  questions: ZCustomQuestionsForAnswering,
  documents: z.array(ZStageDocument),
  /** Invited only: the welcome wizard's active steps for the visa type, and those already done. */
  wizard: z.object({ steps: z.array(ZWizardStepView), completedStepIds: z.array(z.string()) }).nullable(),
  completeness: z.object({ total: z.number().int(), done: z.number().int(), isComplete: z.boolean() }),
  /** Where the portal takes the student for this stage (hash path). */
  homePath: z.string(),
});
export type TMyStage = z.infer<typeof ZMyStage>;

export const ZPreviewQuery = z.object({ visaType: z.enum(['F-1', 'J-1']).default('F-1') });
export const previewWizard = defineRoute({
  method: 'GET',
  path: '/api/students/welcome-wizard-preview',
  access: 'students.configure',
  tags: ['students'],
  summary: 'The welcome wizard as a student of this visa type sees it (no answers, no files)',
  query: ZPreviewQuery,
  response: ZMyStage,
});

// ---- stage items (staff) ----

export const ZStageItem = z.object({
  id: z.uuid(),
  stage: ZPortalStage,
  visaScope: ZVisaScope,
  ordinal: z.number().int(),
  customQuestionId: z.uuid().nullable(),
  customDocumentId: z.uuid().nullable(),
  /** The question's text or the document's name. */
  label: z.string(),
  isRequired: z.boolean(),
});
export type TStageItem = z.infer<typeof ZStageItem>;
export const ZAddStageItemInput = z.object({
  stage: ZPortalStage,
  visaScope: ZVisaScope.default('All'),
  customQuestionId: z.uuid().nullable().default(null),
  customDocumentId: z.uuid().nullable().default(null),
});
export type TAddStageItemInput = z.input<typeof ZAddStageItemInput>;
export const ZStageItemIdParams = z.object({ itemId: z.uuid({ error: MSG.notFound }) });

export const listStageItems = defineRoute({
  method: 'GET',
  path: '/api/students/stage-items',
  access: 'students.configure',
  tags: ['students'],
  summary: 'The custom questions and documents each stage asks for, by stage and order',
  response: z.array(ZStageItem),
});
export const addStageItem = defineRoute({
  method: 'POST',
  path: '/api/students/stage-items',
  access: 'students.configure',
  tags: ['students'],
  summary: "Ask a custom question or document in a stage (added at the end of the stage's list)",
  body: ZAddStageItemInput,
  response: ZStageItem,
});
export const updateStageItem = defineRoute({
  method: 'PUT',
  path: '/api/students/stage-items/:itemId',
  access: 'students.configure',
  tags: ['students'],
  summary: "Change a stage item's visa scope",
  params: ZStageItemIdParams,
  body: z.object({ visaScope: ZVisaScope }),
  response: ZStageItem,
});
export const removeStageItem = defineRoute({
  method: 'DELETE',
  path: '/api/students/stage-items/:itemId',
  access: 'students.configure',
  tags: ['students'],
  summary: 'Stop asking this item in its stage',
  params: ZStageItemIdParams,
  response: ZOk,
});
export const reorderStageItems = defineRoute({
  method: 'PUT',
  path: '/api/students/stage-items-order',
  access: 'students.configure',
  tags: ['students'],
  summary: "Put one stage's items in this order (every item of the stage once)",
  body: z.object({ stage: ZPortalStage, ids: z.array(z.uuid()).min(1).max(500) }),
  response: z.array(ZStageItem),
});

// ---- the student's own stage ----

export const getMyStage = defineRoute({
  method: 'GET',
  path: '/api/students/me/stage',
  access: 'students.self',
  tags: ['students'],
  summary: "The signed-in student's current stage: its questions with their answers, its documents with their files, completeness",
  response: ZMyStage,
});
export const saveMyStageAnswers = defineRoute({
  method: 'PUT',
  path: '/api/students/me/stage/answers',
  access: 'students.self',
  tags: ['students'],
  summary: "Save draft answers to the current stage's questions (no completeness check)",
  body: z.object({ answers: ZAnswers }),
  response: ZMyStage,
});
export const completeMyWizardStep = defineRoute({
  method: 'POST',
  path: '/api/students/me/welcome-wizard/steps/:stepId/complete',
  access: 'students.self',
  tags: ['students'],
  summary: 'Mark a welcome wizard step done once its questions and documents are complete (messages per field otherwise)',
  params: z.object({ stepId: z.string().min(1).max(40) }),
  response: ZMyStage,
});
export const ZCompleteStageOutput = z.object({ profileId: z.uuid(), stage: z.string(), homePath: z.string() });
export type TCompleteStageOutput = z.infer<typeof ZCompleteStageOutput>;
export const completeMyStage = defineRoute({
  method: 'POST',
  path: '/api/students/me/stage/complete',
  access: 'students.self',
  tags: ['students'],
  summary: 'Finish the current stage: refused with a message per field while anything required is missing; moves to the next stage',
  response: ZCompleteStageOutput,
});

// ---- staff: a student's progress ----

export const ZStageProgress = z.object({
  profileId: z.uuid(),
  currentStage: z.string(),
  visaType: z.string(),
  /** Stages finished, with when. */
  history: z.array(z.object({ stage: z.string(), completedAt: z.string().nullable(), completedSteps: z.number().int() })),
  /** The current stage's checklist (portal stages only). */
  current: z
    .object({
      total: z.number().int(),
      done: z.number().int(),
      items: z.array(z.object({ key: z.string(), label: z.string(), isRequired: z.boolean(), isDone: z.boolean() })),
    })
    .nullable(),
  wizard: z.object({ totalSteps: z.number().int(), completedSteps: z.number().int() }).nullable(),
});
export type TStageProgress = z.infer<typeof ZStageProgress>;
export const getStageProgress = defineRoute({
  method: 'GET',
  path: '/api/students/:profileId/stage-progress',
  access: 'students.read',
  tags: ['students'],
  summary: "A student's portal stage progress (staff)",
  params: z.object({ profileId: z.uuid({ error: MSG.notFound }) }),
  response: ZStageProgress,
});

/** The student portal page of a stage (hash path without '#'). */
export function stageHomePath(stage: string, profileId: string): string {
  if (stage === 'pre_arrival') return '/student/student-pre-arrival';
  if (stage === 'check_in') return '/student/student-check-in';
  if (stage === 'invited') return '/student/welcome-wizard';
  return `/student/student-service-menu/${profileId}`;
}

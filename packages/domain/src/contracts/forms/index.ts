import { z } from 'zod';
import { MSG } from '../../messages.js';
import { defineRoute, ZOk, ZPage, ZPageQuery } from '../define.js';
import {
  DEFAULT_PROGRAM_TYPE,
  ZAnswers,
  ZOption,
  ZProgramType,
  ZQuestionnaireContent,
  type TItemType,
  type TQuestionnaireContent,
  type TQuestionnaireItem,
} from './types.js';

export * from './types.js';
export * from './field-configuration.js';

// ---- questionnaires (Form Management) ----

export const ZListQuestionnairesQuery = ZPageQuery.extend({
  keywords: z.string().trim().max(100).optional(),
  programType: ZProgramType.default(DEFAULT_PROGRAM_TYPE),
  /** 0 = Active, 1 = Retired (docs/product/forms.md#form-management-list). */
  bRetired: z.enum(['0', '1']).default('0'),
  order: z.enum(['asc', 'desc']).default('asc'),
});
export type TListQuestionnairesQuery = z.infer<typeof ZListQuestionnairesQuery>;

export const ZQuestionnaireSummary = z.object({
  id: z.uuid(),
  name: z.string(),
  description: z.string(),
  programType: z.string(),
  isRetired: z.boolean(),
  isConditional: z.boolean(),
  versionNo: z.number().int(),
  itemCount: z.number().int(),
  updatedAt: z.string(),
});
export type TQuestionnaireSummary = z.infer<typeof ZQuestionnaireSummary>;

export const ZQuestionnaire = ZQuestionnaireSummary.extend({
  versionId: z.uuid(),
  content: ZQuestionnaireContent,
  /** The latest version has answers: saving changes will create a new version. */
  hasAnswers: z.boolean(),
  canManage: z.boolean(),
});
export type TQuestionnaire = z.infer<typeof ZQuestionnaire>;

export const ZSaveQuestionnaireInput = z.object({
  name: z.string().trim().min(1, MSG.required).max(200, MSG.invalidLength),
  description: z.string().trim().max(2000, MSG.invalidLength).default(''),
  programType: ZProgramType.default(DEFAULT_PROGRAM_TYPE),
  isConditional: z.boolean().default(false),
  content: ZQuestionnaireContent,
});
export type TSaveQuestionnaireInput = z.input<typeof ZSaveQuestionnaireInput>;

export const ZQuestionnaireVersion = z.object({
  versionId: z.uuid(),
  versionNo: z.number().int(),
  createdAt: z.string(),
  answerSetCount: z.number().int(),
  itemCount: z.number().int(),
});
export type TQuestionnaireVersion = z.infer<typeof ZQuestionnaireVersion>;

export const ZQuestionnaireIdParams = z.object({ questionnaireId: z.uuid({ error: MSG.notFound }) });

export const listQuestionnaires = defineRoute({
  method: 'GET',
  path: '/api/questionnaires',
  access: 'forms.read',
  tags: ['forms'],
  summary: 'Form Management list (keywords, program type, Active/Retired; paged and sorted by name on the server)',
  query: ZListQuestionnairesQuery,
  response: ZPage(ZQuestionnaireSummary),
});
export const getQuestionnaire = defineRoute({
  method: 'GET',
  path: '/api/questionnaires/:questionnaireId',
  access: 'forms.read',
  tags: ['forms'],
  summary: 'One questionnaire with the content of its latest version',
  params: ZQuestionnaireIdParams,
  response: ZQuestionnaire,
});
export const createQuestionnaire = defineRoute({
  method: 'POST',
  path: '/api/questionnaires',
  access: 'forms.manage',
  tags: ['forms'],
  summary: 'Create a questionnaire (version 1)',
  body: ZSaveQuestionnaireInput,
  response: ZQuestionnaire,
});
export const updateQuestionnaire = defineRoute({
  method: 'PUT',
  path: '/api/questionnaires/:questionnaireId',
  access: 'forms.manage',
  tags: ['forms'],
  summary: 'Change a questionnaire; when its latest version has answers, the change becomes a new version',
  params: ZQuestionnaireIdParams,
  body: ZSaveQuestionnaireInput,
  response: ZQuestionnaire,
});
export const retireQuestionnaire = defineRoute({
  method: 'POST',
  path: '/api/questionnaires/:questionnaireId/retire',
  access: 'forms.manage',
  tags: ['forms'],
  summary: 'Retire a questionnaire (answers already given stay readable)',
  params: ZQuestionnaireIdParams,
  response: ZQuestionnaire,
});
export const unretireQuestionnaire = defineRoute({
  method: 'POST',
  path: '/api/questionnaires/:questionnaireId/unretire',
  access: 'forms.manage',
  tags: ['forms'],
  summary: 'Make a retired questionnaire active again',
  params: ZQuestionnaireIdParams,
  response: ZQuestionnaire,
});
export const listQuestionnaireVersions = defineRoute({
  method: 'GET',
  path: '/api/questionnaires/:questionnaireId/versions',
  access: 'forms.read',
  tags: ['forms'],
  summary: 'Versions of a questionnaire, newest first, with how many answer sets each has',
  params: ZQuestionnaireIdParams,
  response: z.array(ZQuestionnaireVersion),
});

// ---- lookup sets ----

export const ZLookupSet = z.object({ id: z.uuid(), name: z.string(), options: z.array(ZOption) });
export type TLookupSet = z.infer<typeof ZLookupSet>;
export const ZSaveLookupSetInput = z.object({
  name: z.string().trim().min(1, MSG.required).max(200, MSG.invalidLength),
  options: z.array(ZOption).min(1, 'Add at least one option.').max(500),
});
export type TSaveLookupSetInput = z.input<typeof ZSaveLookupSetInput>;
export const ZLookupSetIdParams = z.object({ lookupSetId: z.uuid({ error: MSG.notFound }) });

export const listLookupSets = defineRoute({
  method: 'GET',
  path: '/api/lookup-sets',
  access: 'forms.read',
  tags: ['forms'],
  summary: 'Lookup sets (named option lists for selection questions)',
  response: z.array(ZLookupSet),
});
export const createLookupSet = defineRoute({
  method: 'POST',
  path: '/api/lookup-sets',
  access: 'forms.manage',
  tags: ['forms'],
  summary: 'Create a lookup set',
  body: ZSaveLookupSetInput,
  response: ZLookupSet,
});
export const updateLookupSet = defineRoute({
  method: 'PUT',
  path: '/api/lookup-sets/:lookupSetId',
  access: 'forms.manage',
  tags: ['forms'],
  summary: 'Change a lookup set',
  params: ZLookupSetIdParams,
  body: ZSaveLookupSetInput,
  response: ZLookupSet,
});

// ---- custom (management) questions ----

export const CUSTOM_QUESTION_TYPES = ['S_SELECT', 'M_SELECT', 'TEXT', 'NUMR', 'SHORT', 'ESSAY', 'NOEXP', 'IFYXP', 'IFNXP'] as const;
export const ZCustomQuestionType = z.enum(CUSTOM_QUESTION_TYPES);
export type TCustomQuestionType = z.infer<typeof ZCustomQuestionType>;
export const CUSTOM_QUESTION_TYPE_LABELS: Record<TCustomQuestionType, string> = {
  S_SELECT: 'Single selection',
  M_SELECT: 'Multiple selection',
  TEXT: 'Text',
  NUMR: 'Number',
  SHORT: 'Short answer',
  ESSAY: 'Essay',
  NOEXP: 'Yes or No',
  IFYXP: 'Yes or No, explain if Yes',
  IFNXP: 'Yes or No, explain if No',
};

export const ZSaveCustomQuestionInput = z.object({
  questionType: ZCustomQuestionType,
  questionText: z.string().trim().min(1, MSG.required).max(2000, MSG.invalidLength),
  questionInstruction: z.string().trim().max(4000, MSG.invalidLength).default(''),
  lookupSetId: z.uuid().nullable().default(null),
  options: z.array(ZOption).max(500).default([]),
  ordinal: z.number().int().min(0).max(100000).default(0),
  isActive: z.boolean().default(true),
  isHidden: z.boolean().default(false),
  isRequired: z.boolean().default(false),
});
export type TSaveCustomQuestionInput = z.input<typeof ZSaveCustomQuestionInput>;
export const ZCustomQuestion = ZSaveCustomQuestionInput.extend({ id: z.uuid(), questionDataType: z.string() });
export type TCustomQuestion = z.infer<typeof ZCustomQuestion>;
export const ZCustomQuestionIdParams = z.object({ customQuestionId: z.uuid({ error: MSG.notFound }) });

export const listCustomQuestions = defineRoute({
  method: 'GET',
  path: '/api/custom-questions',
  access: 'forms.read',
  tags: ['forms'],
  summary: 'Management custom questions (deleted ones left out), by ordinal',
  response: z.array(ZCustomQuestion),
});
export const createCustomQuestion = defineRoute({
  method: 'POST',
  path: '/api/custom-questions',
  access: 'forms.manage',
  tags: ['forms'],
  summary: 'Create a custom question',
  body: ZSaveCustomQuestionInput,
  response: ZCustomQuestion,
});
export const updateCustomQuestion = defineRoute({
  method: 'PUT',
  path: '/api/custom-questions/:customQuestionId',
  access: 'forms.manage',
  tags: ['forms'],
  summary: 'Change a custom question',
  params: ZCustomQuestionIdParams,
  body: ZSaveCustomQuestionInput,
  response: ZCustomQuestion,
});
export const deleteCustomQuestion = defineRoute({
  method: 'DELETE',
  path: '/api/custom-questions/:customQuestionId',
  access: 'forms.manage',
  tags: ['forms'],
  summary: 'Delete a custom question (soft: its responses stay)',
  params: ZCustomQuestionIdParams,
  response: ZOk,
});

/** A custom question as a subject answers it: options resolved from its lookup set. */
export const ZCustomQuestionForAnswering = z.object({
  id: z.uuid(),
  questionType: ZCustomQuestionType,
  questionText: z.string(),
  questionInstruction: z.string(),
  isRequired: z.boolean(),
  options: z.array(ZOption),
  ordinal: z.number().int(),
});
export type TCustomQuestionForAnswering = z.infer<typeof ZCustomQuestionForAnswering>;

/** The custom questions a subject is asked, in order, with its saved answers keyed by question id. */
export const ZCustomQuestionsForAnswering = z.object({ questions: z.array(ZCustomQuestionForAnswering), answers: ZAnswers });
export type TCustomQuestionsForAnswering = z.infer<typeof ZCustomQuestionsForAnswering>;

/** Custom question types as questionnaire item types, so one set of rules and one form serve both. */
export const CUSTOM_AS_ITEM_TYPE: Record<TCustomQuestionType, TItemType> = {
  S_SELECT: 'SELCT',
  M_SELECT: 'MULTI',
  TEXT: 'SHORT',
  SHORT: 'SHORT',
  NUMR: 'FIELD',
  ESSAY: 'ESSAY',
  NOEXP: 'YESNO',
  IFYXP: 'IFYXP',
  IFNXP: 'IFNXP',
};
export const CUSTOM_QUESTIONS_FOLDER_ID = '00000000-0000-4000-8000-000000000000';
export const CUSTOM_QUESTIONS_TITLE = 'Additional questions';

export function customQuestionItem(q: TCustomQuestionForAnswering): TQuestionnaireItem {
  return {
    id: q.id,
    text: q.questionText,
    type: CUSTOM_AS_ITEM_TYPE[q.questionType],
    datatype: q.questionType === 'NUMR' ? 'NUMR' : 'TEXT',
    required: q.isRequired,
    instructions: q.questionInstruction,
    lookupSetId: null,
    options: q.options,
    ordinal: q.ordinal,
    showsQuestionnaire: null,
  };
}

/** The custom questions as one folder of questionnaire content (checkCompleteness and the answer form take it). */
export function customQuestionsContent(questions: TCustomQuestionForAnswering[]): TQuestionnaireContent {
  return questions.length === 0
    ? { folders: [] }
    : {
        folders: [{ id: CUSTOM_QUESTIONS_FOLDER_ID, name: CUSTOM_QUESTIONS_TITLE, ordinal: 1, items: questions.map(customQuestionItem) }],
      };
}

// ---- custom (management) documents ----

export const DOCUMENT_TYPES = ['questionnaire', 'file_upload'] as const;
export const DOCUMENT_APPLIES_TO = ['main', 'dependent', 'site_of_activity'] as const;
export const DOCUMENT_APPLIES_TO_LABELS: Record<(typeof DOCUMENT_APPLIES_TO)[number], string> = {
  main: 'Main record',
  dependent: 'Each dependent',
  site_of_activity: 'Each site of activity',
};

export const ZSaveCustomDocumentInput = z.object({
  name: z.string().trim().min(1, MSG.required).max(200, MSG.invalidLength),
  description: z.string().trim().max(2000, MSG.invalidLength).default(''),
  instructions: z.string().trim().max(4000, MSG.invalidLength).default(''),
  documentType: z.enum(DOCUMENT_TYPES),
  questionnaireId: z.uuid().nullable().default(null),
  appliesTo: z.enum(DOCUMENT_APPLIES_TO).default('main'),
  isRequired: z.boolean().default(false),
  isHidden: z.boolean().default(false),
  isVisibleToStudent: z.boolean().default(true),
  ordinal: z.number().int().min(0).max(100000).default(0),
});
export type TSaveCustomDocumentInput = z.input<typeof ZSaveCustomDocumentInput>;
export const ZCustomDocument = ZSaveCustomDocumentInput.extend({ id: z.uuid(), questionnaireName: z.string().nullable() });
export type TCustomDocument = z.infer<typeof ZCustomDocument>;
export const ZCustomDocumentIdParams = z.object({ customDocumentId: z.uuid({ error: MSG.notFound }) });

export const listCustomDocuments = defineRoute({
  method: 'GET',
  path: '/api/custom-documents',
  access: 'forms.read',
  tags: ['forms'],
  summary: 'Management custom documents (deleted ones left out), by ordinal',
  response: z.array(ZCustomDocument),
});
export const createCustomDocument = defineRoute({
  method: 'POST',
  path: '/api/custom-documents',
  access: 'forms.manage',
  tags: ['forms'],
  summary: 'Create a custom document',
  body: ZSaveCustomDocumentInput,
  response: ZCustomDocument,
});
export const updateCustomDocument = defineRoute({
  method: 'PUT',
  path: '/api/custom-documents/:customDocumentId',
  access: 'forms.manage',
  tags: ['forms'],
  summary: 'Change a custom document',
  params: ZCustomDocumentIdParams,
  body: ZSaveCustomDocumentInput,
  response: ZCustomDocument,
});
export const deleteCustomDocument = defineRoute({
  method: 'DELETE',
  path: '/api/custom-documents/:customDocumentId',
  access: 'forms.manage',
  tags: ['forms'],
  summary: 'Delete a custom document (soft)',
  params: ZCustomDocumentIdParams,
  response: ZOk,
});

import { z } from 'zod';
import { MSG } from '../../messages.js';

/** Questionnaire item type codes (docs/product/forms.md#question-types). */
export const ITEM_TYPES = ['SELCT', 'MULTI', 'SHORT', 'FIELD', 'ESSAY', 'YESNO', 'IFYXP', 'IFNXP', 'DATEO', 'RATNG'] as const;
export const ZItemType = z.enum(ITEM_TYPES);
export type TItemType = z.infer<typeof ZItemType>;

/** App_Item_Datatype: how a FIELD answer is checked. */
export const ITEM_DATATYPES = ['NUMR', 'TEXT'] as const;
export const ZItemDatatype = z.enum(ITEM_DATATYPES);
export type TItemDatatype = z.infer<typeof ZItemDatatype>;

export const ITEM_TYPE_LABELS: Record<TItemType, string> = {
  SELCT: 'Single selection (drop-down)',
  MULTI: 'Multiple selection (check boxes)',
  RATNG: 'Rating 1 to 5',
  SHORT: 'Short answer',
  FIELD: 'Field (text or number)',
  ESSAY: 'Essay (long answer)',
  YESNO: 'Yes or No',
  IFYXP: 'Yes or No, explain if Yes',
  IFNXP: 'Yes or No, explain if No',
  DATEO: 'Date (MM/DD/YYYY)',
};

/** The builder's type picker groups (docs/product/forms.md#question-types). */
export const ITEM_TYPE_GROUPS = [
  { name: 'Selection', types: ['SELCT', 'MULTI', 'RATNG'] },
  { name: 'Field', types: ['SHORT', 'FIELD', 'ESSAY'] },
  { name: 'Yes or No', types: ['YESNO', 'IFYXP', 'IFNXP'] },
  { name: 'Date', types: ['DATEO'] },
] as const satisfies readonly { name: string; types: readonly TItemType[] }[];

/** Types whose answer is one of the item's options (inline or from a lookup set). */
export const OPTION_TYPES: readonly TItemType[] = ['SELCT', 'MULTI'];
export const YES_NO_TYPES: readonly TItemType[] = ['YESNO', 'IFYXP', 'IFNXP'];
/** Types whose answer can bring in a conditional questionnaire. */
export const CONDITION_TYPES: readonly TItemType[] = ['SELCT', 'MULTI', 'YESNO', 'IFYXP', 'IFNXP'];
/** The values a yes/no answer takes. */
export const YES = 'yes';
export const NO = 'no';

/** Questionnaire program types; 'EB Scholars' is the list's default (docs/product/forms.md#form-management-list). */
export const PROGRAM_TYPES = ['EB Scholars', 'J-1 Scholars', 'Students'] as const;
export const ZProgramType = z.enum(PROGRAM_TYPES);
export const DEFAULT_PROGRAM_TYPE = 'EB Scholars';

export const ZOption = z.object({
  value: z.string().trim().min(1, MSG.required).max(200, MSG.invalidLength),
  label: z.string().trim().min(1, MSG.required).max(300, MSG.invalidLength),
});
export type TOption = z.infer<typeof ZOption>;

export const ZQuestionnaireItem = z.object({
  id: z.uuid(),
  /** App_Item_Text */
  text: z.string().trim().min(1, MSG.required).max(2000, MSG.invalidLength),
  type: ZItemType,
  datatype: ZItemDatatype.default('TEXT'),
  required: z.boolean().default(false),
  instructions: z.string().trim().max(4000, MSG.invalidLength).default(''),
  lookupSetId: z.uuid().nullable().default(null),
  options: z.array(ZOption).max(500).default([]),
  /** Position plus one within its folder. */
  ordinal: z.number().int().min(0).default(0),
  /** A conditional questionnaire this answer brings in: when the answer is (or, for MULTI, includes) whenValue. */
  showsQuestionnaire: z
    .object({
      whenValue: z.string().trim().min(1, MSG.required).max(200, MSG.invalidLength),
      questionnaireId: z.uuid({ error: 'Choose a conditional questionnaire.' }),
    })
    .nullable()
    .default(null),
});
export type TQuestionnaireItem = z.infer<typeof ZQuestionnaireItem>;

export const ZQuestionnaireFolder = z.object({
  id: z.uuid(),
  name: z.string().trim().min(1, MSG.required).max(200, MSG.invalidLength),
  ordinal: z.number().int().min(0).default(0),
  items: z.array(ZQuestionnaireItem).max(500).default([]),
});
export type TQuestionnaireFolder = z.infer<typeof ZQuestionnaireFolder>;

export const ZQuestionnaireContent = z.object({ folders: z.array(ZQuestionnaireFolder).max(100).default([]) });
export type TQuestionnaireContent = z.infer<typeof ZQuestionnaireContent>;

/** One answer: yes/no answers are 'yes' | 'no'; MULTI is string[]; RATNG 1..5; dates MM/DD/YYYY. */
export const ZAnswerValue = z.object({
  value: z.union([z.string().max(20000), z.array(z.string().max(200)).max(500), z.number(), z.null()]),
  explanation: z.string().max(4000).optional(),
});
export type TAnswerValue = z.infer<typeof ZAnswerValue>;

/** itemId -> answer */
export const ZAnswers = z.record(z.string(), ZAnswerValue);
export type TAnswers = z.infer<typeof ZAnswers>;

/** A questionnaire as the subject answers it: the content of the bound version and the answers. */
export const ZQuestionnaireForAnswering = z.object({
  questionnaireId: z.uuid(),
  versionId: z.uuid(),
  versionNo: z.number().int(),
  name: z.string(),
  content: ZQuestionnaireContent,
  answers: ZAnswers,
  isSubmitted: z.boolean(),
});
export type TQuestionnaireForAnswering = z.infer<typeof ZQuestionnaireForAnswering>;

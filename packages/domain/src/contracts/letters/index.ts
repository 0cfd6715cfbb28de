import { z } from 'zod';
import { MSG } from '../../messages.js';
import { defineRoute, ZOk, ZPage, ZPageQuery } from '../define.js';
import { ZJob } from '../jobs/index.js';
import { ZLetterBody } from './letter-body.js';

export * from './letter-body.js';

/**
 * Letter templates and the letters made from them (docs/product/letters.md): an office writes a
 * template with merge tags, previews it for a record, and files the PDF on the record's Documents.
 */
const T = ['letters'];

/**
 * The records a letter is written for (docs/product/letters.md#records): student records, F-1 or J-1, and
 * scholar cases (H-1B, O-1, J-1), whose letters are filed on the case's sponsorship request.
 */
export const LETTER_RECORD_KINDS = ['student', 'exchangeVisitor', 'scholarCase'] as const;
export type TLetterRecordKind = (typeof LETTER_RECORD_KINDS)[number];
/** Who sees a filed letter: the person as well as the office, or the office only. */
export const LETTER_VISIBILITIES = ['person', 'office'] as const;
export type TLetterVisibility = (typeof LETTER_VISIBILITIES)[number];

/** A signature image: PNG or JPEG, at most this many bytes. */
export const LETTER_SIGNATURE_MAX_BYTES = 1024 * 1024;
/** Letters for more records than this at once are refused (docs/product/letters.md#many-at-once). */
export const LETTER_BATCH_MAX = 500;
/** The job that writes letters for many records. */
export const LETTER_BATCH_JOB = 'letters.generate-batch';
export const LETTER_ADDRESS_LINES_MAX = 6;

export const LETTER_MSG = {
  nameRequired: 'Enter a name for the template.',
  nameTaken: 'Another letter template already has this name.',
  bodyRequired: 'Write the letter.',
  addressLines: `Use at most ${LETTER_ADDRESS_LINES_MAX} address lines of 120 characters each.`,
  signatureRequired: 'Choose a PNG or JPEG image of the signature.',
  signatureType: 'The signature must be a PNG or JPEG image.',
  signatureTooLarge: 'The signature image must be 1 MB or smaller.',
  inactive: 'This letter template is turned off. Turn it on to write letters with it.',
  recordsRequired: 'Choose at least one record.',
  batchTooMany: `Choose at most ${LETTER_BATCH_MAX} records at a time.`,
  generated: 'The letter was filed on the record’s Documents.',
  studentRecordOnly: 'This template is for student records, and this is a scholar case. Choose a template for scholar cases.',
  scholarCaseOnly: 'This template is for scholar cases, and this is a student record. Choose a template for student records.',
  noSponsorshipRequest: 'This case has no sponsorship request to file the letter on.',
  batchScholarCase:
    'Letters for scholar cases are written one case at a time, from the case’s Documents. Choose a template for student records.',
} as const;

const ZText = (max: number) => z.string().trim().max(max, MSG.invalidLength);

export const ZLetterSignature = z.object({ fileName: z.string(), contentType: z.string(), sizeBytes: z.number().int() });

export const ZLetterTemplate = z.object({
  id: z.uuid(),
  name: z.string(),
  recordKind: z.enum(LETTER_RECORD_KINDS),
  body: ZLetterBody,
  showLogo: z.boolean(),
  addressLines: z.array(z.string()),
  signerName: z.string(),
  signerTitle: z.string(),
  signature: ZLetterSignature.nullable(),
  defaultVisibility: z.enum(LETTER_VISIBILITIES),
  isActive: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
  updatedByName: z.string().nullable(),
});
export type TLetterTemplate = z.infer<typeof ZLetterTemplate>;

export const ZLetterTemplateSummary = ZLetterTemplate.pick({
  id: true,
  name: true,
  recordKind: true,
  defaultVisibility: true,
  isActive: true,
  updatedAt: true,
  updatedByName: true,
});
export type TLetterTemplateSummary = z.infer<typeof ZLetterTemplateSummary>;

export const ZListLetterTemplatesQuery = ZPageQuery.extend({
  search: ZText(100).optional(),
  recordKind: z.enum(LETTER_RECORD_KINDS).optional(),
  /** 'true': only the templates letters may be written with now (the pickers). */
  activeOnly: z.enum(['true', 'false']).optional(),
  sort: z.enum(['name', 'updatedAt']).default('name'),
  direction: z.enum(['asc', 'desc']).default('asc'),
});
export type TListLetterTemplatesQuery = z.input<typeof ZListLetterTemplatesQuery>;

export const ZSaveLetterTemplateInput = z.object({
  /** Absent: a new template. */
  id: z.uuid().optional(),
  name: ZText(120).min(1, LETTER_MSG.nameRequired),
  recordKind: z.enum(LETTER_RECORD_KINDS),
  body: ZLetterBody.refine((b) => b.length > 0, LETTER_MSG.bodyRequired),
  showLogo: z.boolean().default(true),
  addressLines: z
    .array(z.string().trim().max(120, LETTER_MSG.addressLines))
    .max(LETTER_ADDRESS_LINES_MAX, LETTER_MSG.addressLines)
    .default([]),
  signerName: ZText(120).default(''),
  signerTitle: ZText(120).default(''),
  defaultVisibility: z.enum(LETTER_VISIBILITIES).default('office'),
  isActive: z.boolean().default(true),
  /** true: remove the signature image. */
  clearSignature: z.boolean().default(false),
});
export type TSaveLetterTemplateInput = z.input<typeof ZSaveLetterTemplateInput>;

export const ZTemplateParams = z.object({ templateId: z.uuid() });

export const ZLetterForRecordInput = z.object({ recordId: z.uuid({ error: MSG.invalidValue }) });
export const ZGenerateLetterInput = ZLetterForRecordInput.extend({ visibility: z.enum(LETTER_VISIBILITIES) });
export type TGenerateLetterInput = z.infer<typeof ZGenerateLetterInput>;
export const ZGeneratedLetter = z.object({ attachmentId: z.uuid(), fileName: z.string(), visibility: z.enum(LETTER_VISIBILITIES) });
export type TGeneratedLetter = z.infer<typeof ZGeneratedLetter>;

export const ZGenerateLettersInput = z.object({
  recordIds: z
    .array(z.uuid({ error: MSG.invalidValue }))
    .min(1, LETTER_MSG.recordsRequired)
    .max(LETTER_BATCH_MAX, LETTER_MSG.batchTooMany),
  visibility: z.enum(LETTER_VISIBILITIES),
});
export type TGenerateLettersInput = z.infer<typeof ZGenerateLettersInput>;
/** The batch job's result; the combined PDF (letters.pdf) is the job's file. */
export const ZGenerateLettersResult = z.object({ filed: z.number().int(), pages: z.number().int() });
export type TGenerateLettersResult = z.infer<typeof ZGenerateLettersResult>;

export const listLetterTemplates = defineRoute({
  method: 'GET',
  path: '/api/letter-templates',
  access: 'letters.generate',
  tags: T,
  summary: 'Letter templates, paged, sorted and filtered on the server',
  query: ZListLetterTemplatesQuery,
  response: ZPage(ZLetterTemplateSummary),
});

export const getLetterTemplate = defineRoute({
  method: 'GET',
  path: '/api/letter-templates/:templateId',
  access: 'letters.generate',
  tags: T,
  summary: 'One letter template',
  params: ZTemplateParams,
  response: ZLetterTemplate,
});

export const saveLetterTemplate = defineRoute({
  method: 'POST',
  path: '/api/letter-templates',
  access: 'letters.manage',
  tags: T,
  summary: 'Create a letter template, or update one (with its id); unknown merge tags are refused on the body',
  body: ZSaveLetterTemplateInput,
  response: ZLetterTemplate,
});

export const deleteLetterTemplate = defineRoute({
  method: 'DELETE',
  path: '/api/letter-templates/:templateId',
  access: 'letters.manage',
  tags: T,
  summary: 'Delete a letter template (letters already filed stay on their records)',
  params: ZTemplateParams,
  response: ZOk,
});

export const uploadLetterSignature = defineRoute({
  method: 'POST',
  path: '/api/letter-templates/:templateId/signature',
  access: 'letters.manage',
  tags: T,
  summary: 'Upload the signature image (multipart, field "file": PNG or JPEG, at most 1 MB), replacing any before it',
  params: ZTemplateParams,
  response: ZLetterTemplate,
});

export const previewLetter = defineRoute({
  method: 'POST',
  path: '/api/letter-templates/:templateId/merged',
  access: 'letters.generate',
  tags: T,
  summary: 'The template merged for one record the caller may manage, as a PDF (application/pdf); nothing is filed',
  params: ZTemplateParams,
  body: ZLetterForRecordInput,
  response: z.unknown(),
});

export const generateLetter = defineRoute({
  method: 'POST',
  path: '/api/letter-templates/:templateId/generate',
  access: 'letters.generate',
  tags: T,
  summary: "Write the letter for one record and file the PDF on the record's Documents (and its History Log)",
  params: ZTemplateParams,
  body: ZGenerateLetterInput,
  response: ZGeneratedLetter,
});

export const generateLetters = defineRoute({
  method: 'POST',
  path: '/api/letter-templates/:templateId/generate-batch',
  access: 'letters.generate',
  tags: T,
  summary:
    'Starts writing the letter for up to 500 records: each PDF filed on its record; 202 with the job, whose file is letters.pdf (all of them) and whose result is a ZGenerateLettersResult',
  params: ZTemplateParams,
  body: ZGenerateLettersInput,
  response: ZJob,
});

// Scholars module contracts: the portal slice (docs/product/scholars-portal.md): the scholar's application
// form of their processed state, its drafts and its submission to the office. Staff read and correct the same
// form through the same operations (the /api/scholars/applications/:id/form pair).
import { z } from 'zod';
import { MSG } from '../../messages.js';
import { defineRoute } from '../define.js';

const T = ['scholars'];

export const ZPortalSiteOfActivity = z.object({
  name: z.string(),
  address1: z.string(),
  address2: z.string(),
  city: z.string(),
  state: z.string(),
  postalCode: z.string(),
});

/** One application as its form page needs it. `data` is the form (see rules/scholar-application.ts). */
export const ZScholarApplicationForm = z.object({
  applicationId: z.string(),
  scholarId: z.string(),
  scholarName: z.string(),
  departmentName: z.string(),
  /** H-1B | H-1BExtension | H-1BAmendment | O-1 | O-1Amendment | o1Extension | J-1 | F-1 OPT/STEM ('' before processing). */
  processedState: z.string(),
  /** not_started | draft | submitted | returned */
  applicationState: z.string(),
  phase: z.string(),
  status: z.string(),
  isLocked: z.boolean(),
  /** The caller may save and submit the form now. */
  canEdit: z.boolean(),
  version: z.number().int(),
  data: z.record(z.string(), z.unknown()),
  submittedAt: z.string().nullable(),
  updatedAt: z.string(),
  proposedStartDate: z.string().nullable(),
  proposedEndDate: z.string().nullable(),
  position: z.string(),
  /** The engine request of the application: its documents (checklist) and questionnaires are the visa type's template. */
  applicationRequestId: z.string().nullable(),
  questionnaireIds: z.array(z.string()),
  /** What the office already knows of the scholar (name, e-mail): an empty form starts with it. */
  prefill: z.record(z.string(), z.string()),
  /** The hiring department's sites of activity (Departmental Configurations), offered on the J-1 form. */
  sitesOfActivity: z.array(ZPortalSiteOfActivity),
});
export type TScholarApplicationForm = z.infer<typeof ZScholarApplicationForm>;

/** Save draft / submit: the version read (an older one answers 409) and the whole form as typed. */
export const ZSaveApplicationInput = z.object({
  version: z.number({ error: MSG.required }).int().min(1),
  data: z.record(z.string(), z.unknown()).default({}),
});
export type TSaveApplicationInput = z.input<typeof ZSaveApplicationInput>;

const ZApplicationParams = z.object({ applicationId: z.uuid({ error: MSG.notFound }) });

export const getMyApplication = defineRoute({
  method: 'GET',
  path: '/api/scholars/portal/application',
  access: 'scholars.self',
  tags: T,
  summary: "The signed-in scholar's current application (404 until the office processes the sponsorship request)",
  response: ZScholarApplicationForm,
});
export const getPortalApplication = defineRoute({
  method: 'GET',
  path: '/api/scholars/portal/applications/:applicationId',
  access: 'scholars.self',
  tags: T,
  summary: "One of the signed-in scholar's own applications (another scholar's is not found)",
  params: ZApplicationParams,
  response: ZScholarApplicationForm,
});
export const saveApplicationDraft = defineRoute({
  method: 'PUT',
  path: '/api/scholars/portal/applications/:applicationId/draft',
  access: 'scholars.self',
  tags: T,
  summary: 'Save the application form as a draft (types and lengths only); 409 when it changed since it was read',
  params: ZApplicationParams,
  body: ZSaveApplicationInput,
  response: ZScholarApplicationForm,
});
export const submitApplication = defineRoute({
  method: 'POST',
  path: '/api/scholars/portal/applications/:applicationId/submit',
  access: 'scholars.self',
  tags: T,
  summary: "Save the form, then submit it to the office: every rule, the template's questionnaires and required documents; the form locks",
  params: ZApplicationParams,
  body: ZSaveApplicationInput,
  response: ZScholarApplicationForm,
});
export const getApplicationFormForStaff = defineRoute({
  method: 'GET',
  path: '/api/scholars/applications/:applicationId/form',
  access: 'scholars.read',
  tags: T,
  summary: "A case's application form as the scholar filled it (office staff)",
  params: ZApplicationParams,
  response: ZScholarApplicationForm,
});
export const saveApplicationFormForStaff = defineRoute({
  method: 'PUT',
  path: '/api/scholars/applications/:applicationId/form',
  access: 'scholars.manage',
  tags: T,
  summary: "The office corrects a case's application form (while it is open to changes: not submitted, or unlocked)",
  params: ZApplicationParams,
  body: ZSaveApplicationInput,
  response: ZScholarApplicationForm,
});

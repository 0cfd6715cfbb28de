// Scholars module contracts: the scholar request forms (docs/product/scholars-portal.md#requests): a scholar
// request's own fields (J-1 program amendment and extension, sites of activity, personal, contact and family
// updates) with the case its rules compare with, and the office or the department starting a request for a
// scholar from the scholar's case (docs/product/scholars-office.md#start-a-request).
import { z } from 'zod';
import { MSG } from '../../messages.js';
import { SCHOLAR_REQUEST_CODES } from '../../rules/scholar-request-fields.js';
import { ZRequestDetail, ZRequestIdParams } from '../requests/index.js';
import { ZStudentRequestDataInput, ZStudentRequestDependent } from '../students/requests.js';
import { defineRoute } from '../define.js';

const T = ['scholars'];

/** What validateScholarRequestData compares with (rules/scholar-request-fields.ts TScholarRequestContext). */
export const ZScholarRequestContext = z.object({
  today: z.string(),
  visaType: z.string(),
  category: z.string(),
  programStartDate: z.string().nullable(),
  programEndDate: z.string().nullable(),
  hasExchangeVisitorRecord: z.boolean(),
  sites: z.array(
    z.object({
      id: z.uuid(),
      name: z.string(),
      address: z.object({ line1: z.string(), line2: z.string(), city: z.string(), state: z.string(), postalCode: z.string() }),
      isPrimary: z.boolean(),
    }),
  ),
  dependents: z.array(ZStudentRequestDependent),
});
export type TScholarRequestContextOutput = z.infer<typeof ZScholarRequestContext>;

/** A scholar request's form as the browser draws and checks it exactly as the server will. */
export const ZScholarRequestFormOutput = z.object({
  requestId: z.uuid(),
  code: z.enum(SCHOLAR_REQUEST_CODES),
  data: z.record(z.string(), z.unknown()),
  /** The scholar's current case; null when the request names no scholar (a department's request started from its list). */
  context: ZScholarRequestContext.nullable(),
  scholar: z.object({ name: z.string(), applicationId: z.uuid() }).nullable(),
  canEdit: z.boolean(),
});
export type TScholarRequestFormOutput = z.infer<typeof ZScholarRequestFormOutput>;

export const ZScholarCaseParams = z.object({ applicationId: z.uuid({ error: MSG.notFound }) });
export const ZStartForScholarInput = z.object({ requestTypeId: z.uuid({ error: MSG.required }) });
export type TStartForScholarInput = z.infer<typeof ZStartForScholarInput>;
export const ZScholarStartableType = z.object({ id: z.uuid(), code: z.string(), name: z.string(), description: z.string() });
export type TScholarStartableType = z.infer<typeof ZScholarStartableType>;

export const getScholarRequestData = defineRoute({
  method: 'GET',
  path: '/api/scholars/requests/:requestId/data',
  access: 'requests.read',
  tags: T,
  summary: "A scholar request's own fields with the scholar's case its rules compare with (anyone who may read the request)",
  params: ZRequestIdParams,
  response: ZScholarRequestFormOutput,
});
export const saveScholarRequestData = defineRoute({
  method: 'PUT',
  path: '/api/scholars/requests/:requestId/data',
  access: 'requests.create',
  tags: T,
  summary:
    "Save a draft of a scholar request's own fields: formats are checked (400 with fieldErrors 'data.<field>', nothing saved); values merge into what was saved",
  params: ZRequestIdParams,
  body: ZStudentRequestDataInput,
  response: ZRequestDetail,
});

const OFFICE_CASE = '/api/scholars/office/cases/:applicationId';
export const listOfficeStartableRequestTypes = defineRoute({
  method: 'GET',
  path: `${OFFICE_CASE}/startable-request-types`,
  access: 'scholars.read',
  tags: T,
  summary: "Request types the office may start for the case's scholar (those a scholar or department starts, fitting the case's visa type)",
  params: ZScholarCaseParams,
  response: z.array(ZScholarStartableType),
});
export const startRequestForScholar = defineRoute({
  method: 'POST',
  path: `${OFFICE_CASE}/start-request`,
  access: 'scholars.read',
  tags: T,
  summary:
    "Start a draft request for the case's scholar (office staff who edit or process the case): the scholar completes and submits it, and is told so",
  params: ZScholarCaseParams,
  body: ZStartForScholarInput,
  response: ZRequestDetail,
});

const DEPT_CASE = '/api/scholars/department/cases/:applicationId';
export const listDeptStartableRequestTypes = defineRoute({
  method: 'GET',
  path: `${DEPT_CASE}/startable-request-types`,
  access: 'scholars.department',
  tags: T,
  summary: "Request types the department may start about one of its scholars (department types fitting the case's visa type)",
  params: ZScholarCaseParams,
  response: z.array(ZScholarStartableType),
});
export const startDeptRequestForScholar = defineRoute({
  method: 'POST',
  path: `${DEPT_CASE}/start-request`,
  access: 'scholars.department',
  tags: T,
  summary: "Start a draft request about one of the department's scholars: the department fills it in and submits it",
  params: ZScholarCaseParams,
  body: ZStartForScholarInput,
  response: ZRequestDetail,
});

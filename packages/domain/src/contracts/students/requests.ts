// The students module's requests routes: the type's own fields of a student request (CPT employer,
// OPT dates, ...), saved as a draft and checked by rules/student-request-fields.ts.
import { z } from 'zod';
import { MSG } from '../../messages.js';
import { ZStudentRequestCode } from '../../rules/student-request-fields.js';
import { defineRoute } from '../define.js';
import { ZRequestDetail, ZRequestIdParams } from '../requests/index.js';

/** Field values by field name (dates ISO YYYY-MM-DD; a checkbox '1'/'0' or true/false; null clears a value). */
export const ZStudentRequestDataInput = z.object({
  data: z
    .record(z.string().max(60, MSG.invalidLength), z.union([z.string().max(5000, MSG.invalidLength), z.number(), z.boolean(), z.null()]))
    .refine((d) => Object.keys(d).length <= 100, MSG.invalidValue),
});
export type TStudentRequestDataInput = z.infer<typeof ZStudentRequestDataInput>;

/** A dependent on the student's record a Dependent Information Update may change (rules/student-request-fields.ts). */
export const ZStudentRequestDependent = z.object({
  id: z.uuid(),
  sevisId: z.string().nullable(),
  firstName: z.string(),
  lastName: z.string(),
  relationshipCode: z.string(),
  gender: z.string(),
  birthDate: z.string().nullable(),
  birthCity: z.string(),
  birthCountryCode: z.string(),
  citizenshipCountryCode: z.string(),
  permanentResidenceCountryCode: z.string(),
});
/** The second argument of validateStudentRequestData: today, the student's record dates, visa type and active dependents. */
export const ZStudentRequestContext = z.object({
  today: z.string(),
  programStartDate: z.string().nullable(),
  programEndDate: z.string().nullable(),
  sessionEndDate: z.string().nullable(),
  visaType: z.string().nullable(),
  dependents: z.array(ZStudentRequestDependent),
});
export type TStudentRequestContextOutput = z.infer<typeof ZStudentRequestContext>;

/** What the browser needs to draw and check the form exactly as the server will. */
export const ZStudentRequestForm = z.object({
  requestId: z.uuid(),
  code: ZStudentRequestCode,
  data: z.record(z.string(), z.unknown()),
  context: ZStudentRequestContext,
  canEdit: z.boolean(),
});
export type TStudentRequestFormData = z.infer<typeof ZStudentRequestForm>;

const T = ['requests', 'students'];

export const getStudentRequestData = defineRoute({
  method: 'GET',
  path: '/api/requests/:requestId/data',
  access: 'requests.read',
  tags: T,
  summary: "A student request's own fields with the record dates its rules use (anyone who may read the request)",
  params: ZRequestIdParams,
  response: ZStudentRequestForm,
});
export const getMyRequestFormContext = defineRoute({
  method: 'GET',
  path: '/api/students/me/request-context',
  access: 'students.self',
  tags: T,
  summary:
    "What the signed-in student's new request form checks with before its draft exists: today, the record's dates, visa type and active dependents",
  response: ZStudentRequestContext,
});
export const saveStudentRequestData = defineRoute({
  method: 'PUT',
  path: '/api/requests/:requestId/data',
  access: 'requests.create',
  tags: T,
  summary:
    "Save a draft of a student request's own fields: formats are checked (400 with fieldErrors 'data.<field>', nothing saved); values merge into what was saved",
  params: ZRequestIdParams,
  body: ZStudentRequestDataInput,
  response: ZRequestDetail,
});

// ---------- staff start a request for a student (the student completes and submits it) ----------
export const ZProfileIdParams = z.object({ profileId: z.uuid({ error: MSG.notFound }) });
export const ZStartForStudentInput = z.object({ requestTypeId: z.uuid({ error: MSG.required }) });
export const ZStaffStartableType = z.object({ id: z.uuid(), code: z.string(), name: z.string(), description: z.string() });

export const listStaffStartableTypes = defineRoute({
  method: 'GET',
  path: '/api/students/:profileId/startable-types',
  access: 'requests.process',
  tags: T,
  summary: "Request types the office may start for this student (types staff may start, of the student's visa type)",
  params: ZProfileIdParams,
  response: z.array(ZStaffStartableType),
});
export const startRequestForStudent = defineRoute({
  method: 'POST',
  path: '/api/students/:profileId/requests',
  access: 'requests.process',
  tags: T,
  summary: 'Start a draft request for a student (on their behalf); the student is told to complete and submit it',
  params: ZProfileIdParams,
  body: ZStartForStudentInput,
  response: ZRequestDetail,
});

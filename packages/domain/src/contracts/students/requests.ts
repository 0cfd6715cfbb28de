// The students module's requests routes: the type's own fields of a student request (CPT employer,
// OPT dates, ...), saved as a draft and checked by rules/student-request-fields.ts.
import { z } from 'zod';
import { MSG } from '../../messages.js';
import { ZStudentRequestCode } from '../../rules/student-request-fields.js';
import { defineRoute } from '../define.js';
import { ZRequestDetail, ZRequestIdParams } from '../requests/index.js';
import { ZRoleFieldSettings } from '../forms/field-configuration.js';

const ZScalar = z.union([z.string().max(5000, MSG.invalidLength), z.number(), z.boolean(), z.null()]);
/**
 * Field values by field name (dates ISO YYYY-MM-DD; a checkbox '1'/'0' or true/false; null clears a value); a list field
 * (the dependents of a Several Dependents request) holds at most 25 rows of such values (its form allows fewer).
 */
export const ZStudentRequestDataInput = z.object({
  data: z
    .record(
      z.string().max(60, MSG.invalidLength),
      z.union([ZScalar, z.array(z.record(z.string().max(60, MSG.invalidLength), ZScalar)).max(25, MSG.invalidValue)]),
    )
    .refine((d) => Object.keys(d).length <= 100, MSG.invalidValue)
    .refine((d) => Object.values(d).every((v) => !Array.isArray(v) || v.every((row) => Object.keys(row).length <= 30)), MSG.invalidValue),
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
  /** The office's field settings for the caller's role, by form code (docs/product/field-configuration.md). */
  fieldSettings: ZRoleFieldSettings.optional(),
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
// Whoever may read requests passes the function check; the request decides who writes it (its requester or subject
// while editable): the student, or the staff member who started the office's own request (a termination).
export const saveStudentRequestData = defineRoute({
  method: 'PUT',
  path: '/api/requests/:requestId/data',
  access: 'requests.read',
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
export const ZStaffStartableType = z.object({
  id: z.uuid(),
  code: z.string(),
  name: z.string(),
  description: z.string(),
  /** The office fills it in and decides it; the student never sees it (a termination). Otherwise the student completes it. */
  isOfficeRequest: z.boolean(),
});

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
  summary:
    "Start a draft request for a student (on their behalf); the student is told to complete and submit it. The office's own requests (a termination) are the office's draft, which the student never sees",
  params: ZProfileIdParams,
  body: ZStartForStudentInput,
  response: ZRequestDetail,
});

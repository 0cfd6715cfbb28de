// The students module's requests routes: the type's own fields of a student request (CPT employer,
// OPT dates, ...), saved as a draft and checked by rules/student-request-fields.ts.
import { z } from 'zod';
import { MSG } from '../../messages.js';
import { ZStudentRequestCode } from '../../rules/student-request-fields.js';
import { defineRoute } from '../define.js';
import { ZRequestDetail, ZRequestIdParams } from '../requests/index.js';

/** Field values by field name (dates ISO YYYY-MM-DD; a checkbox '1'/'0' or true/false; null clears a value). */
export const ZStudentRequestDataInput = z.object({
  data: z.record(z.string().max(60, MSG.invalidLength), z.union([z.string().max(5000, MSG.invalidLength), z.number(), z.boolean(), z.null()]))
    .refine((d) => Object.keys(d).length <= 100, MSG.invalidValue),
});
export type TStudentRequestDataInput = z.infer<typeof ZStudentRequestDataInput>;

/** What the browser needs to draw and check the form exactly as the server will. */
export const ZStudentRequestForm = z.object({
  requestId: z.uuid(),
  code: ZStudentRequestCode,
  data: z.record(z.string(), z.unknown()),
  /** The second argument of validateStudentRequestData: today and the student's record dates. */
  context: z.object({
    today: z.string(),
    programStartDate: z.string().nullable(),
    programEndDate: z.string().nullable(),
    sessionEndDate: z.string().nullable(),
  }),
  canEdit: z.boolean(),
});
export type TStudentRequestFormData = z.infer<typeof ZStudentRequestForm>;

const T = ['requests', 'students'];

export const getStudentRequestData = defineRoute({
  method: 'GET', path: '/api/requests/:requestId/data', access: 'requests.read', tags: T,
  summary: "A student request's own fields with the record dates its rules use (anyone who may read the request)",
  params: ZRequestIdParams, response: ZStudentRequestForm,
});
export const saveStudentRequestData = defineRoute({
  method: 'PUT', path: '/api/requests/:requestId/data', access: 'requests.create', tags: T,
  summary: "Save a draft of a student request's own fields: formats are checked (400 with fieldErrors 'data.<field>', nothing saved); values merge into what was saved",
  params: ZRequestIdParams, body: ZStudentRequestDataInput, response: ZRequestDetail,
});

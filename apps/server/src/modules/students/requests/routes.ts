import type { FastifyInstance } from 'fastify';
import { studentsApi } from '@meridian/domain';
import type { TServices } from '../../../platform/http/context.js';
import { registerRoute } from '../../../platform/http/route.js';
import { getMyRequestFormContext } from './operations/get-my-request-form-context.js';
import { getStudentRequestData } from './operations/get-student-request-data.js';
import { saveStudentRequestData } from './operations/save-student-request-data.js';
import { listStaffStartableTypes } from './operations/list-staff-startable-types.js';
import { startRequestForStudent } from './operations/start-request-for-student.js';

/** The students module's requests routes: a student request's own form (CPT, OPT, ... fields). */
export function requestsRoutes(app: FastifyInstance, s: TServices): void {
  registerRoute(app, s, studentsApi.getMyRequestFormContext, (ctx) => getMyRequestFormContext(ctx));
  registerRoute(app, s, studentsApi.getStudentRequestData, (ctx, { params }) => getStudentRequestData(ctx, params.requestId));
  registerRoute(app, s, studentsApi.listStaffStartableTypes, (ctx, { params }) => listStaffStartableTypes(ctx, params.profileId));
  registerRoute(app, s, studentsApi.startRequestForStudent, (ctx, { params, body }) => startRequestForStudent(ctx, params.profileId, body));
  registerRoute(app, s, studentsApi.saveStudentRequestData, (ctx, { params, body }) =>
    saveStudentRequestData(ctx, params.requestId, body.data),
  );
}

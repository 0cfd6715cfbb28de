import type { FastifyInstance } from 'fastify';
import { studentsApi } from '@meridian/domain';
import { registerRoute } from '../../../platform/http/route.js';
import type { TServices } from '../../../platform/http/context.js';
import { listDeadlines } from './operations/list-deadlines.js';
import { createEmployment } from './operations/create-employment.js';
import { listOptStudents } from './operations/list-opt-students.js';
import { updateEmployment } from './operations/update-employment.js';
import { listStemReports } from './operations/list-stem-reports.js';
import { markStemReportReceived } from './operations/mark-stem-report-received.js';

/** The students module's OPT routes: OPT Students & Employers, STEM reports, employer periods, deadlines. */
export function optRoutes(app: FastifyInstance, s: TServices): void {
  registerRoute(app, s, studentsApi.listOptStudents, (ctx, { query }) => listOptStudents(ctx, query));
  registerRoute(app, s, studentsApi.listStemReports, (ctx, { query }) => listStemReports(ctx, query));
  registerRoute(app, s, studentsApi.markStemReportReceived, (ctx, { params, body }) => markStemReportReceived(ctx, params.reportId, body));
  registerRoute(app, s, studentsApi.createEmployment, (ctx, { params, body }) => createEmployment(ctx, params.profileId, body));
  registerRoute(app, s, studentsApi.updateEmployment, (ctx, { params, body }) =>
    updateEmployment(ctx, params.profileId, params.employmentId, body),
  );
  registerRoute(app, s, studentsApi.listDeadlines, (ctx, { query }) => listDeadlines(ctx, query));
}

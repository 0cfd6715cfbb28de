import type { FastifyInstance } from 'fastify';
import { studentsApi } from '@meridian/domain';
import { registerRoute } from '../../../platform/http/route.js';
import type { TServices } from '../../../platform/http/context.js';
import { listDeadlines } from '../operations/deadlines.js';
import { createEmployment, listOptStudents, updateEmployment } from '../operations/opt-employments.js';
import { listStemReports, markStemReportReceived } from '../operations/stem-reports.js';

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

import type { FastifyInstance } from 'fastify';
import { scholarsApi } from '@meridian/domain';
import { registerRoute } from '../../../platform/http/route.js';
import type { TServices } from '../../../platform/http/context.js';
import { registerJobKind } from '../../../platform/jobs/runner.js';
import type { TScholarExportJob } from './scholar-export.js';
import { EXPORT_OPT_JOB, exportOpt, startExportOpt } from './operations/export-opt.js';
import { EXPORT_SCHOLARS_JOB, exportScholars, startExportScholars } from './operations/export-scholars.js';
import { listScholarDashboard } from './operations/list-scholar-dashboard.js';
import { scholarDashboardTabs } from './operations/scholar-dashboard-tabs.js';
import { scholarReportSummary } from './operations/scholar-report-summary.js';
import { scholarTimeTracking } from './operations/scholar-time-tracking.js';

/** The scholars module's reports routes (docs/product/scholars-reports.md): dashboard, tabs, exports, report summary, time tracking. */
export function reportsRoutes(app: FastifyInstance, s: TServices): void {
  registerJobKind<TScholarExportJob>({ kind: EXPORT_SCHOLARS_JOB, run: exportScholars });
  registerJobKind<TScholarExportJob>({ kind: EXPORT_OPT_JOB, run: exportOpt });
  registerRoute(app, s, scholarsApi.listScholarDashboard, (ctx, { query }) => listScholarDashboard(ctx, query));
  registerRoute(app, s, scholarsApi.scholarDashboardTabs, (ctx, { query }) => scholarDashboardTabs(ctx, query));
  registerRoute(app, s, scholarsApi.exportScholars, (ctx, { body }) => startExportScholars(ctx, body), { startsJob: true });
  registerRoute(app, s, scholarsApi.exportOpt, (ctx, { body }) => startExportOpt(ctx, body), { startsJob: true });
  registerRoute(app, s, scholarsApi.scholarReportSummary, (ctx, { query }) => scholarReportSummary(ctx, query));
  registerRoute(app, s, scholarsApi.scholarTimeTracking, (ctx, { params }) => scholarTimeTracking(ctx, params.applicationId));
}

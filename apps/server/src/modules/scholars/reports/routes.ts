import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { PassThrough } from 'node:stream';
import { MSG, scholarsApi } from '@meridian/domain';
import { AppError, type TFieldErrors } from '../../../platform/errors/app-error.js';
import { registerRawRoute, registerRoute } from '../../../platform/http/route.js';
import type { TContext, TServices } from '../../../platform/http/context.js';
import type { Writable } from 'node:stream';
import { exportFileName, type TExportKind } from './scholar-export.js';
import type { TDashboardExport } from './queries/dashboard.query.js';
import { exportOpt } from './operations/export-opt.js';
import { exportScholars } from './operations/export-scholars.js';
import { listScholarDashboard } from './operations/list-scholar-dashboard.js';
import { scholarDashboardTabs } from './operations/scholar-dashboard-tabs.js';
import { scholarReportSummary } from './operations/scholar-report-summary.js';
import { scholarTimeTracking } from './operations/scholar-time-tracking.js';

/** RFC 6266: an ASCII fallback and the exact UTF-8 name. */
function attachmentName(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

type TExport = (ctx: TContext, scope: TDashboardExport, out: Writable, today: string) => Promise<number>;

/** Streams an export: filters checked first (a 400 with field errors), then the workbook as it is written. */
async function sendExport(ctx: TContext, kind: TExportKind, run: TExport, req: FastifyRequest, reply: FastifyReply) {
  const parsed = scholarsApi.ZScholarExportQuery.safeParse(req.query ?? {});
  if (!parsed.success) {
    const fieldErrors: TFieldErrors = {};
    for (const i of parsed.error.issues) (fieldErrors[i.path.map(String).join('.') || '_'] ??= []).push(i.message);
    throw new AppError(400, 'VALIDATION', Object.values(fieldErrors)[0]?.[0] ?? MSG.invalidValue, fieldErrors);
  }
  const today = ctx.today();
  const body = new PassThrough();
  // The workbook is written while it is sent; a failure half-way ends the download as broken rather than silently short.
  run(ctx, parsed.data, body, today).then(
    () => body.end(),
    (e: unknown) => {
      req.log.error({ err: e }, 'scholar export failed');
      body.destroy(e as Error);
    },
  );
  return reply
    .header('Content-Type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
    .header('Content-Disposition', attachmentName(exportFileName(kind, today)))
    .header('Cache-Control', 'no-store')
    .send(body);
}

/** The scholars module's reports routes (docs/product/scholars-reports.md): dashboard, tabs, exports, report summary, time tracking. */
export function reportsRoutes(app: FastifyInstance, s: TServices): void {
  registerRoute(app, s, scholarsApi.listScholarDashboard, (ctx, { query }) => listScholarDashboard(ctx, query));
  registerRoute(app, s, scholarsApi.scholarDashboardTabs, (ctx, { query }) => scholarDashboardTabs(ctx, query));
  registerRawRoute(app, s, scholarsApi.exportScholars, (ctx, req, reply) => sendExport(ctx, 'scholars', exportScholars, req, reply));
  registerRawRoute(app, s, scholarsApi.exportOpt, (ctx, req, reply) => sendExport(ctx, 'opt', exportOpt, req, reply));
  registerRoute(app, s, scholarsApi.scholarReportSummary, (ctx, { query }) => scholarReportSummary(ctx, query));
  registerRoute(app, s, scholarsApi.scholarTimeTracking, (ctx, { params }) => scholarTimeTracking(ctx, params.applicationId));
}

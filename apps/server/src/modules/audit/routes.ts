import type { FastifyInstance } from 'fastify';
import { auditApi } from '@meridian/domain';
import { registerRoute } from '../../platform/http/route.js';
import type { TServices } from '../../platform/http/context.js';
import { registerJobKind } from '../../platform/jobs/runner.js';
import { exportLogs, startExportLogs, type TExportLogsJob } from './operations/export-logs.js';
import { getHistory } from './operations/get-history.js';
import { listLogs } from './operations/list-logs.js';

export function auditRoutes(app: FastifyInstance, s: TServices): void {
  registerJobKind<TExportLogsJob>({ kind: auditApi.EXPORT_LOGS_JOB, run: exportLogs });
  registerRoute(app, s, auditApi.listLogs, (ctx, { query }) => listLogs(ctx, query));
  registerRoute(app, s, auditApi.exportLogs, (ctx, { body }) => startExportLogs(ctx, body), { startsJob: true });
  registerRoute(app, s, auditApi.getHistory, (ctx, { params, query }) =>
    getHistory(ctx, params.entityType, params.entityId, query.page, query.pageSize),
  );
}

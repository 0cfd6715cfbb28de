import type { FastifyInstance } from 'fastify';
import { scholarsApi } from '@meridian/domain';
import { registerRoute } from '../../../platform/http/route.js';
import type { TServices } from '../../../platform/http/context.js';
import { getScholarRequestData } from './operations/get-scholar-request-data.js';
import { saveScholarRequestData } from './operations/save-scholar-request-data.js';
import { listStartableRequestTypes } from './operations/list-startable-request-types.js';
import { startRequestForScholar } from './operations/start-request-for-scholar.js';

/**
 * The scholars module's request routes (docs/product/scholars-portal.md#requests,
 * docs/product/scholars-office.md#start-a-request): a scholar request's own form, and starting a request from a case.
 */
export function scholarRequestRoutes(app: FastifyInstance, s: TServices): void {
  registerRoute(app, s, scholarsApi.getScholarRequestData, (ctx, { params }) => getScholarRequestData(ctx, params.requestId));
  registerRoute(app, s, scholarsApi.saveScholarRequestData, (ctx, { params, body }) =>
    saveScholarRequestData(ctx, params.requestId, body.data),
  );
  registerRoute(app, s, scholarsApi.listOfficeStartableRequestTypes, (ctx, { params }) =>
    listStartableRequestTypes(ctx, params.applicationId, 'office'),
  );
  registerRoute(app, s, scholarsApi.startRequestForScholar, (ctx, { params, body }) =>
    startRequestForScholar(ctx, params.applicationId, body, 'office'),
  );
  registerRoute(app, s, scholarsApi.listDeptStartableRequestTypes, (ctx, { params }) =>
    listStartableRequestTypes(ctx, params.applicationId, 'department'),
  );
  registerRoute(app, s, scholarsApi.startDeptRequestForScholar, (ctx, { params, body }) =>
    startRequestForScholar(ctx, params.applicationId, body, 'department'),
  );
}

import type { FastifyInstance } from 'fastify';
import { studentsApi as a } from '@meridian/domain';
import { registerRoute } from '../../../platform/http/route.js';
import type { TServices } from '../../../platform/http/context.js';
import * as corrections from '../operations/corrections.js';
import * as deps from '../operations/dependents.js';
import * as records from '../operations/records.js';
import * as related from '../operations/records-related.js';
import * as sites from '../operations/records-sites.js';

/** The students module's records routes: the record, dependents, sites of activity, History Log, SEVIS updates, corrections. */
export function recordsRoutes(app: FastifyInstance, s: TServices): void {
  // Static paths before /api/students/:profileId (Fastify prefers them anyway; kept together for reading).
  registerRoute(app, s, a.getMyRecord, (ctx) => corrections.getMyRecord(ctx));
  registerRoute(app, s, a.submitCorrection, (ctx, { body }) => corrections.submitCorrection(ctx, body));
  registerRoute(app, s, a.createStudent, (ctx, { body }) => records.createStudent(ctx, body));
  registerRoute(app, s, a.getStudent, (ctx, { params }) => records.getStudent(ctx, params.profileId));
  registerRoute(app, s, a.updateStudent, (ctx, { params, body }) => records.updateStudent(ctx, params.profileId, body));
  registerRoute(app, s, a.setStudentStage, (ctx, { params, body }) => records.setStage(ctx, params.profileId, body.stage));
  registerRoute(app, s, a.setStudentTags, (ctx, { params, body }) => records.setTags(ctx, params.profileId, body.tags));
  registerRoute(app, s, a.getStudentHistory, (ctx, { params, query }) =>
    records.getStudentHistory(ctx, params.profileId, query.page, query.pageSize),
  );
  registerRoute(app, s, a.listStudentSevisEvents, (ctx, { params }) => records.listStudentSevisEvents(ctx, params.profileId));
  registerRoute(app, s, a.listStudentRequests, (ctx, { params }) => related.listStudentRequests(ctx, params.profileId));
  registerRoute(app, s, a.listStudentDocuments, (ctx, { params }) => related.listStudentDocuments(ctx, params.profileId));
  registerRoute(app, s, a.listMyDocuments, (ctx) => related.listMyDocuments(ctx));
  registerRoute(app, s, a.listStudentMessages, (ctx, { params }) => related.listStudentMessages(ctx, params.profileId));
  registerRoute(app, s, a.addDependent, (ctx, { params, body }) => deps.addDependent(ctx, params.profileId, body));
  registerRoute(app, s, a.updateDependent, (ctx, { params, body }) =>
    deps.updateDependent(ctx, params.profileId, params.dependentId, body),
  );
  registerRoute(app, s, a.terminateDependent, (ctx, { params, body }) =>
    deps.terminateDependent(ctx, params.profileId, params.dependentId, body.reasonCode),
  );
  registerRoute(app, s, a.addSiteOfActivity, (ctx, { params, body }) => sites.addSite(ctx, params.profileId, body));
  registerRoute(app, s, a.updateSiteOfActivity, (ctx, { params, body }) => sites.updateSite(ctx, params.profileId, params.siteId, body));
  registerRoute(app, s, a.deactivateSiteOfActivity, (ctx, { params }) => sites.deactivateSite(ctx, params.profileId, params.siteId));
  registerRoute(app, s, a.listCorrections, (ctx, { query }) => corrections.listCorrections(ctx, query));
  registerRoute(app, s, a.getCorrection, (ctx, { params }) => corrections.getCorrection(ctx, params.correctionId));
  registerRoute(app, s, a.approveCorrection, (ctx, { params, body }) => corrections.approveCorrection(ctx, params.correctionId, body.note));
  registerRoute(app, s, a.rejectCorrection, (ctx, { params, body }) => corrections.rejectCorrection(ctx, params.correctionId, body.note));
}

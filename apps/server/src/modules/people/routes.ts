import type { FastifyInstance } from 'fastify';
import { peopleApi } from '@meridian/domain';
import { registerRoute } from '../../platform/http/route.js';
import type { TServices } from '../../platform/http/context.js';
import { listCampusSites, listDepartments } from './operations/lookups.js';
import * as staff from './operations/staff.js';

export function peopleRoutes(app: FastifyInstance, s: TServices): void {
  registerRoute(app, s, peopleApi.listStaff, (ctx, { query }) => staff.listStaff(ctx, query));
  registerRoute(app, s, peopleApi.getStaffMember, (ctx, { params }) => staff.getStaffMember(ctx, params.userId));
  registerRoute(app, s, peopleApi.inviteStaff, (ctx, { body }) => staff.inviteStaff(ctx, body));
  registerRoute(app, s, peopleApi.updateStaffPermissions, (ctx, { params, body }) =>
    staff.updateStaffPermissions(ctx, params.userId, body.permissions),
  );
  registerRoute(app, s, peopleApi.deactivateStaff, (ctx, { params }) => staff.deactivateStaff(ctx, params.userId));
  registerRoute(app, s, peopleApi.reactivateStaff, (ctx, { params }) => staff.reactivateStaff(ctx, params.userId));
  registerRoute(app, s, peopleApi.resendStaffInvitation, (ctx, { params }) => staff.resendStaffInvitation(ctx, params.userId));
  registerRoute(app, s, peopleApi.listCampusSites, (ctx) => listCampusSites(ctx));
  registerRoute(app, s, peopleApi.listDepartments, (ctx) => listDepartments(ctx));
}

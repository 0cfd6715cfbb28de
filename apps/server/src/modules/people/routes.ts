import type { FastifyInstance } from 'fastify';
import { peopleApi } from '@meridian/domain';
import { registerRoute } from '../../platform/http/route.js';
import type { TServices } from '../../platform/http/context.js';
import { listCampusSites } from './operations/list-campus-sites.js';
import { listManagedCampusSites } from './operations/list-managed-campus-sites.js';
import { createCampusSite } from './operations/create-campus-site.js';
import { updateCampusSite } from './operations/update-campus-site.js';
import { deleteCampusSite } from './operations/delete-campus-site.js';
import { listDepartments } from './operations/list-departments.js';
import { listStaff } from './operations/list-staff.js';
import { getStaffMember } from './operations/get-staff-member.js';
import { inviteStaff } from './operations/invite-staff.js';
import { updateStaffPermissions } from './operations/update-staff-permissions.js';
import { deactivateStaff } from './operations/deactivate-staff.js';
import { reactivateStaff } from './operations/reactivate-staff.js';
import { resendStaffInvitation } from './operations/resend-staff-invitation.js';

export function peopleRoutes(app: FastifyInstance, s: TServices): void {
  registerRoute(app, s, peopleApi.listStaff, (ctx, { query }) => listStaff(ctx, query));
  registerRoute(app, s, peopleApi.getStaffMember, (ctx, { params }) => getStaffMember(ctx, params.userId));
  registerRoute(app, s, peopleApi.inviteStaff, (ctx, { body }) => inviteStaff(ctx, body));
  registerRoute(app, s, peopleApi.updateStaffPermissions, (ctx, { params, body }) =>
    updateStaffPermissions(ctx, params.userId, body.permissions),
  );
  registerRoute(app, s, peopleApi.deactivateStaff, (ctx, { params }) => deactivateStaff(ctx, params.userId));
  registerRoute(app, s, peopleApi.reactivateStaff, (ctx, { params }) => reactivateStaff(ctx, params.userId));
  registerRoute(app, s, peopleApi.resendStaffInvitation, (ctx, { params }) => resendStaffInvitation(ctx, params.userId));
  registerRoute(app, s, peopleApi.listCampusSites, (ctx) => listCampusSites(ctx));
  registerRoute(app, s, peopleApi.listManagedCampusSites, (ctx) => listManagedCampusSites(ctx));
  registerRoute(app, s, peopleApi.createCampusSite, (ctx, { body }) => createCampusSite(ctx, body));
  registerRoute(app, s, peopleApi.updateCampusSite, (ctx, { params, body }) => updateCampusSite(ctx, params.siteId, body));
  registerRoute(app, s, peopleApi.deleteCampusSite, (ctx, { params }) => deleteCampusSite(ctx, params.siteId));
  registerRoute(app, s, peopleApi.listDepartments, (ctx) => listDepartments(ctx));
}

import type { FastifyInstance } from 'fastify';
import { studentsApi } from '@meridian/domain';
import { registerRoute } from '../../../platform/http/route.js';
import type { TServices } from '../../../platform/http/context.js';
import { inviteStudent, inviteStudents } from '../operations/invite.js';

/** The students module's intake routes: portal invitations, Newly Admitted Students, batch upload. */
export function intakeRoutes(app: FastifyInstance, s: TServices): void {
  registerRoute(app, s, studentsApi.inviteStudents, (ctx, { body }) => inviteStudents(ctx, body.profileIds));
  registerRoute(app, s, studentsApi.inviteStudent, (ctx, { params }) => inviteStudent(ctx, params.profileId));
}

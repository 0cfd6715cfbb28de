import type { FastifyInstance } from 'fastify';
import { studentsApi } from '@meridian/domain';
import { registerRoute } from '../../../platform/http/route.js';
import type { TServices } from '../../../platform/http/context.js';
import { listStudents, listStudentTitles } from '../queries/list-students.js';

/** The students module's list routes: the Student List and its titles. */
export function listRoutes(app: FastifyInstance, s: TServices): void {
  registerRoute(app, s, studentsApi.listStudentTitles, (ctx) => listStudentTitles(ctx));
  registerRoute(app, s, studentsApi.listStudents, (ctx, { query }) => listStudents(ctx, query));
}

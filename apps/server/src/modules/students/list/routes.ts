import type { FastifyInstance } from 'fastify';
import { studentsApi } from '@meridian/domain';
import { registerRoute } from '../../../platform/http/route.js';
import type { TServices } from '../../../platform/http/context.js';
import { listStudents } from './operations/list-students.js';
import { listStudentTitles } from './operations/list-student-titles.js';

/** The students module's list routes: the Student List and its titles. */
export function listRoutes(app: FastifyInstance, s: TServices): void {
  registerRoute(app, s, studentsApi.listStudentTitles, (ctx) => listStudentTitles(ctx));
  registerRoute(app, s, studentsApi.listStudents, (ctx, { query }) => listStudents(ctx, query));
}

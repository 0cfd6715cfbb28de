import type { FastifyInstance } from 'fastify';
import type { TServices } from '../../platform/http/context.js';
import { sitePageRoutes } from './pages/routes.js';

/** The content module's routes: the office's Site Pages. */
export function contentRoutes(app: FastifyInstance, s: TServices): void {
  sitePageRoutes(app, s);
}

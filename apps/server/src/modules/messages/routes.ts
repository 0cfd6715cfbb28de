import type { FastifyInstance } from 'fastify';
import type { TServices } from '../../platform/http/context.js';
import { automatedEmailRoutes } from './automated/routes.js';
import { massEmailRoutes } from './mass/routes.js';
import { sentMailRoutes } from './sent/routes.js';
import { emailTemplateRoutes } from './templates/routes.js';

/** The messages module's routes: sent mail and e-mail templates. */
export function messageRoutes(app: FastifyInstance, s: TServices): void {
  emailTemplateRoutes(app, s);
  sentMailRoutes(app, s);
  massEmailRoutes(app, s);
  automatedEmailRoutes(app, s);
  void app;
  void s;
}

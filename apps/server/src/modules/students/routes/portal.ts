import type { FastifyInstance } from 'fastify';
import { studentsApi } from '@meridian/domain';
import type { TServices } from '../../../platform/http/context.js';
import { registerRoute } from '../../../platform/http/route.js';
import * as progress from '../operations/stage-progress.js';
import * as stages from '../operations/stages.js';
import * as wizard from '../operations/wizard.js';

/** The students module's portal routes: wizard and stage configuration, the student's own stage, staff progress. */
export function portalRoutes(app: FastifyInstance, s: TServices): void {
  const api = studentsApi;
  registerRoute(app, s, api.listWizardSteps, (ctx) => wizard.listWizardSteps(ctx));
  registerRoute(app, s, api.getWizardStep, (ctx, { params }) => wizard.getWizardStep(ctx, params.stepId));
  registerRoute(app, s, api.createWizardStep, (ctx, { body }) => wizard.createWizardStep(ctx, body));
  registerRoute(app, s, api.updateWizardStep, (ctx, { params, body }) => wizard.updateWizardStep(ctx, params.stepId, body));
  registerRoute(app, s, api.deleteWizardStep, (ctx, { params }) => wizard.deleteWizardStep(ctx, params.stepId));
  registerRoute(app, s, api.reorderWizardSteps, (ctx, { body }) => wizard.reorderWizardSteps(ctx, body.ids));
  registerRoute(app, s, api.previewWizard, (ctx, { query }) => progress.previewWizard(ctx, query.visaType));

  registerRoute(app, s, api.listStageItems, (ctx) => stages.listStageItems(ctx));
  registerRoute(app, s, api.addStageItem, (ctx, { body }) => stages.addStageItem(ctx, body));
  registerRoute(app, s, api.updateStageItem, (ctx, { params, body }) => stages.updateStageItem(ctx, params.itemId, body.visaScope));
  registerRoute(app, s, api.removeStageItem, (ctx, { params }) => stages.removeStageItem(ctx, params.itemId));
  registerRoute(app, s, api.reorderStageItems, (ctx, { body }) => stages.reorderStageItems(ctx, body.stage, body.ids));

  registerRoute(app, s, api.getMyStage, (ctx) => progress.getMyStage(ctx));
  registerRoute(app, s, api.saveMyStageAnswers, (ctx, { body }) => progress.saveMyStageAnswers(ctx, body.answers));
  registerRoute(app, s, api.completeMyWizardStep, (ctx, { params }) => progress.completeMyWizardStep(ctx, params.stepId));
  registerRoute(app, s, api.completeMyStage, (ctx) => progress.completeMyStage(ctx));
  registerRoute(app, s, api.getStageProgress, (ctx, { params }) => progress.getStageProgress(ctx, params.profileId));
}

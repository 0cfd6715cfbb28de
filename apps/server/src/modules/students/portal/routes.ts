import type { FastifyInstance } from 'fastify';
import { studentsApi } from '@meridian/domain';
import type { TServices } from '../../../platform/http/context.js';
import { registerRoute } from '../../../platform/http/route.js';
import { previewWizard } from './operations/preview-wizard.js';
import { getMyStage } from './operations/get-my-stage.js';
import { saveMyStageAnswers } from './operations/save-my-stage-answers.js';
import { completeMyWizardStep } from './operations/complete-my-wizard-step.js';
import { completeMyStage } from './operations/complete-my-stage.js';
import { getStageProgress } from './operations/get-stage-progress.js';
import { listStageItems } from './operations/list-stage-items.js';
import { addStageItem } from './operations/add-stage-item.js';
import { updateStageItem } from './operations/update-stage-item.js';
import { removeStageItem } from './operations/remove-stage-item.js';
import { reorderStageItems } from './operations/reorder-stage-items.js';
import { listWizardSteps } from './operations/list-wizard-steps.js';
import { getWizardStep } from './operations/get-wizard-step.js';
import { createWizardStep } from './operations/create-wizard-step.js';
import { updateWizardStep } from './operations/update-wizard-step.js';
import { deleteWizardStep } from './operations/delete-wizard-step.js';
import { reorderWizardSteps } from './operations/reorder-wizard-steps.js';

/** The students module's portal routes: wizard and stage configuration, the student's own stage, staff progress. */
export function portalRoutes(app: FastifyInstance, s: TServices): void {
  const api = studentsApi;
  registerRoute(app, s, api.listWizardSteps, (ctx) => listWizardSteps(ctx));
  registerRoute(app, s, api.getWizardStep, (ctx, { params }) => getWizardStep(ctx, params.stepId));
  registerRoute(app, s, api.createWizardStep, (ctx, { body }) => createWizardStep(ctx, body));
  registerRoute(app, s, api.updateWizardStep, (ctx, { params, body }) => updateWizardStep(ctx, params.stepId, body));
  registerRoute(app, s, api.deleteWizardStep, (ctx, { params }) => deleteWizardStep(ctx, params.stepId));
  registerRoute(app, s, api.reorderWizardSteps, (ctx, { body }) => reorderWizardSteps(ctx, body.ids));
  registerRoute(app, s, api.previewWizard, (ctx, { query }) => previewWizard(ctx, query.visaType));

  registerRoute(app, s, api.listStageItems, (ctx) => listStageItems(ctx));
  registerRoute(app, s, api.addStageItem, (ctx, { body }) => addStageItem(ctx, body));
  registerRoute(app, s, api.updateStageItem, (ctx, { params, body }) => updateStageItem(ctx, params.itemId, body.visaScope));
  registerRoute(app, s, api.removeStageItem, (ctx, { params }) => removeStageItem(ctx, params.itemId));
  registerRoute(app, s, api.reorderStageItems, (ctx, { body }) => reorderStageItems(ctx, body.stage, body.ids));

  registerRoute(app, s, api.getMyStage, (ctx) => getMyStage(ctx));
  registerRoute(app, s, api.saveMyStageAnswers, (ctx, { body }) => saveMyStageAnswers(ctx, body.answers));
  registerRoute(app, s, api.completeMyWizardStep, (ctx, { params }) => completeMyWizardStep(ctx, params.stepId));
  registerRoute(app, s, api.completeMyStage, (ctx) => completeMyStage(ctx));
  registerRoute(app, s, api.getStageProgress, (ctx, { params }) => getStageProgress(ctx, params.profileId));
}

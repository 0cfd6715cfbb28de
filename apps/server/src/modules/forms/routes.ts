import type { FastifyInstance } from 'fastify';
import { formsApi } from '@meridian/domain';
import { registerRoute } from '../../platform/http/route.js';
import type { TServices } from '../../platform/http/context.js';
import { listCustomDocuments } from './operations/list-custom-documents.js';
import { createCustomDocument } from './operations/create-custom-document.js';
import { updateCustomDocument } from './operations/update-custom-document.js';
import { deleteCustomDocument } from './operations/delete-custom-document.js';
import { listCustomQuestions } from './operations/list-custom-questions.js';
import { createCustomQuestion } from './operations/create-custom-question.js';
import { updateCustomQuestion } from './operations/update-custom-question.js';
import { deleteCustomQuestion } from './operations/delete-custom-question.js';
import { listLookupSets } from './operations/list-lookup-sets.js';
import { createLookupSet } from './operations/create-lookup-set.js';
import { updateLookupSet } from './operations/update-lookup-set.js';
import { listQuestionnaires } from './operations/list-questionnaires.js';
import { getQuestionnaire } from './operations/get-questionnaire.js';
import { createQuestionnaire } from './operations/create-questionnaire.js';
import { updateQuestionnaire } from './operations/update-questionnaire.js';
import { retireQuestionnaire } from './operations/retire-questionnaire.js';
import { unretireQuestionnaire } from './operations/unretire-questionnaire.js';
import { listQuestionnaireVersions } from './operations/list-questionnaire-versions.js';
import { fieldSettingRoutes } from './fields/routes.js';

export function formsRoutes(app: FastifyInstance, s: TServices): void {
  registerRoute(app, s, formsApi.listQuestionnaires, (ctx, { query }) => listQuestionnaires(ctx, query));
  registerRoute(app, s, formsApi.getQuestionnaire, (ctx, { params }) => getQuestionnaire(ctx, params.questionnaireId));
  registerRoute(app, s, formsApi.createQuestionnaire, (ctx, { body }) => createQuestionnaire(ctx, body));
  registerRoute(app, s, formsApi.updateQuestionnaire, (ctx, { params, body }) => updateQuestionnaire(ctx, params.questionnaireId, body));
  registerRoute(app, s, formsApi.retireQuestionnaire, (ctx, { params }) => retireQuestionnaire(ctx, params.questionnaireId));
  registerRoute(app, s, formsApi.unretireQuestionnaire, (ctx, { params }) => unretireQuestionnaire(ctx, params.questionnaireId));
  registerRoute(app, s, formsApi.listQuestionnaireVersions, (ctx, { params }) => listQuestionnaireVersions(ctx, params.questionnaireId));

  registerRoute(app, s, formsApi.listLookupSets, (ctx) => listLookupSets(ctx));
  registerRoute(app, s, formsApi.createLookupSet, (ctx, { body }) => createLookupSet(ctx, body));
  registerRoute(app, s, formsApi.updateLookupSet, (ctx, { params, body }) => updateLookupSet(ctx, params.lookupSetId, body));

  registerRoute(app, s, formsApi.listCustomQuestions, (ctx) => listCustomQuestions(ctx));
  registerRoute(app, s, formsApi.createCustomQuestion, (ctx, { body }) => createCustomQuestion(ctx, body));
  registerRoute(app, s, formsApi.updateCustomQuestion, (ctx, { params, body }) => updateCustomQuestion(ctx, params.customQuestionId, body));
  registerRoute(app, s, formsApi.deleteCustomQuestion, (ctx, { params }) => deleteCustomQuestion(ctx, params.customQuestionId));

  registerRoute(app, s, formsApi.listCustomDocuments, (ctx) => listCustomDocuments(ctx));
  registerRoute(app, s, formsApi.createCustomDocument, (ctx, { body }) => createCustomDocument(ctx, body));
  registerRoute(app, s, formsApi.updateCustomDocument, (ctx, { params, body }) => updateCustomDocument(ctx, params.customDocumentId, body));
  registerRoute(app, s, formsApi.deleteCustomDocument, (ctx, { params }) => deleteCustomDocument(ctx, params.customDocumentId));

  fieldSettingRoutes(app, s);
}

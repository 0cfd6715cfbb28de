import type { FastifyInstance } from 'fastify';
import { formsApi } from '@meridian/domain';
import { registerRoute } from '../../platform/http/route.js';
import type { TServices } from '../../platform/http/context.js';
import * as docs from './operations/custom-documents.js';
import * as questions from './operations/custom-questions.js';
import * as lookups from './operations/lookup-sets.js';
import * as q from './operations/questionnaires.js';

export function formsRoutes(app: FastifyInstance, s: TServices): void {
  registerRoute(app, s, formsApi.listQuestionnaires, (ctx, { query }) => q.listQuestionnaires(ctx, query));
  registerRoute(app, s, formsApi.getQuestionnaire, (ctx, { params }) => q.getQuestionnaire(ctx, params.questionnaireId));
  registerRoute(app, s, formsApi.createQuestionnaire, (ctx, { body }) => q.createQuestionnaire(ctx, body));
  registerRoute(app, s, formsApi.updateQuestionnaire, (ctx, { params, body }) => q.updateQuestionnaire(ctx, params.questionnaireId, body));
  registerRoute(app, s, formsApi.retireQuestionnaire, (ctx, { params }) => q.setRetired(ctx, params.questionnaireId, true));
  registerRoute(app, s, formsApi.unretireQuestionnaire, (ctx, { params }) => q.setRetired(ctx, params.questionnaireId, false));
  registerRoute(app, s, formsApi.listQuestionnaireVersions, (ctx, { params }) => q.listVersions(ctx, params.questionnaireId));

  registerRoute(app, s, formsApi.listLookupSets, (ctx) => lookups.listLookupSets(ctx));
  registerRoute(app, s, formsApi.createLookupSet, (ctx, { body }) => lookups.createLookupSet(ctx, body));
  registerRoute(app, s, formsApi.updateLookupSet, (ctx, { params, body }) => lookups.updateLookupSet(ctx, params.lookupSetId, body));

  registerRoute(app, s, formsApi.listCustomQuestions, (ctx) => questions.listCustomQuestions(ctx));
  registerRoute(app, s, formsApi.createCustomQuestion, (ctx, { body }) => questions.createCustomQuestion(ctx, body));
  registerRoute(app, s, formsApi.updateCustomQuestion, (ctx, { params, body }) =>
    questions.updateCustomQuestion(ctx, params.customQuestionId, body),
  );
  registerRoute(app, s, formsApi.deleteCustomQuestion, (ctx, { params }) => questions.deleteCustomQuestion(ctx, params.customQuestionId));

  registerRoute(app, s, formsApi.listCustomDocuments, (ctx) => docs.listCustomDocuments(ctx));
  registerRoute(app, s, formsApi.createCustomDocument, (ctx, { body }) => docs.createCustomDocument(ctx, body));
  registerRoute(app, s, formsApi.updateCustomDocument, (ctx, { params, body }) =>
    docs.updateCustomDocument(ctx, params.customDocumentId, body),
  );
  registerRoute(app, s, formsApi.deleteCustomDocument, (ctx, { params }) => docs.deleteCustomDocument(ctx, params.customDocumentId));
}

// What other modules may use of forms (the requests module binds answers to its requests here).
export { loadForAnswering, saveDraftAnswers, completenessErrors, markSubmitted, conditionalQuestionnaires } from './operations/answers.js';
export { loadCustomQuestions, saveCustomResponses, customCompletenessErrors } from './operations/custom-responses.js';
export { questionnaires, questionnaireVersions, answerSets, customDocuments, customQuestions, lookupSets } from './schema.js';
export { formsRoutes } from './routes.js';

// What other modules may use of forms (the requests module binds answers to its requests here).
export { loadForAnswering } from './operations/load-for-answering.js';
export { saveDraftAnswers } from './operations/save-draft-answers.js';
export { findCompletenessErrors } from './operations/find-completeness-errors.js';
export { markSubmitted } from './operations/mark-submitted.js';
export { findConditionalQuestionnaires } from './operations/find-conditional-questionnaires.js';
export { loadCustomQuestions } from './operations/load-custom-questions.js';
export { saveCustomResponses } from './operations/save-custom-responses.js';
export { findCustomCompletenessErrors } from './operations/find-custom-completeness-errors.js';
export { questionnaires, questionnaireVersions, answerSets, customDocuments, customQuestions, lookupSets } from './schema.js';
// Field configuration: what the office's field settings mean for an actor's role (docs/product/field-configuration.md).
export { roleFieldSettings } from './fields/field-settings-store.js';
export { formsRoutes } from './routes.js';

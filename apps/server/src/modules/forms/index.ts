// What other modules may use of forms (the requests module binds answers to its requests here).
export { loadForAnswering, saveDraftAnswers, completenessErrors, markSubmitted, conditionalQuestionnaires } from './operations/answers.js';
export { questionnaires, questionnaireVersions, answerSets, customDocuments, customQuestions, lookupSets } from './schema.js';

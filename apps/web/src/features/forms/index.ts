// What other features may use of forms: the answering component for requests.
export { QuestionnaireAnswerForm } from './components/questionnaire-answer-form';
export { formsRoutes } from './routes';

// What other features may use of forms: the answering component for requests.
export { QuestionnaireAnswerForm } from './components/questionnaire-answer-form';
export { formsRoutes } from './routes';
// Field configuration (docs/product/field-configuration.md): the Fields tab, and the settings the forms apply.
export { FieldConfigurationPanel } from './components/field-configuration-panel';
export { useMyFieldSettings } from './api/field-settings';

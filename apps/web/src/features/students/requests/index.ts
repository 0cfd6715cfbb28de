// The student's service menu and request pages.
export { officeRequestRoutes, studentRequestRoutes } from './routes';
// The request form's parts other features draw their own request forms with (a scholar's information updates).
export { RequestField } from './components/request-field';
export { StudentRequestForm } from './components/student-request-form';

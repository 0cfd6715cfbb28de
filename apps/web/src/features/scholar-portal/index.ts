// What other features may use of the scholar portal.
export { ApplicationFormView, type ApplicationFormViewProps } from './components/application-form-view';
export { useStaffApplicationForm } from './api/application';

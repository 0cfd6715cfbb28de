// The scholar's application pages; the office and departments show its form read-only.
export { ApplicationFormView, type ApplicationFormViewProps } from './components/application-form-view';
export { useGetApplicationFormForStaff } from './api/application';
export { scholarPortalRoutes } from './routes';

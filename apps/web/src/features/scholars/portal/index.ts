// The scholar's application pages; the office and departments show its form read-only.
export { ApplicationFormView } from './components/application-form-view';
export { scholarPortalRoutes } from './routes';

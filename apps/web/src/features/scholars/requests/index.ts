// Scholar requests: a scholar request's own form (docs/product/scholars-portal.md#requests) and starting a request from a case.
export { scholarRequestRoutes } from './routes';
export { StartScholarRequestButton } from './components/start-scholar-request-button';

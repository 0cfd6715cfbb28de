// The scholar dashboard and reports; the profile shows its time tracking.
export { ScholarTimePanel } from './components/scholar-time-panel';
export { useScholarTimeTracking } from './api/time-tracking';
export { scholarReportRoutes } from './routes';

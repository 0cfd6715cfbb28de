// The scholar dashboard and reports; the profile shows its time tracking.
export { ScholarTimePanel } from './components/scholar-time-panel';
export { scholarReportRoutes } from './routes';
export { loadScholarDashboardPage } from './dashboard-page';

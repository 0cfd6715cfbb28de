// What other features may use of scholar-reports.
export { ScholarTimePanel } from './components/scholar-time-panel';
export { useScholarTimeTracking } from './api/time-tracking';

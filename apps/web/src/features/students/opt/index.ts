// OPT management, STEM reports and the deadlines the student dashboard lists.
export { optRoutes } from './routes';
export { DeadlinesPanel } from './components/deadlines-panel';

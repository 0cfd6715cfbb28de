// OPT management and deadlines (issue 4 items 7 and 8).
export { DeadlinesPanel } from './components/deadlines-panel';

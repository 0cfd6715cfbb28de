// The student's service menu and request pages.
export { studentRequestRoutes } from './routes';

// A student record: profile tabs, new students, corrections, and the student's own profile.
export { recordsRoutes, myRecordRoutes } from './routes';

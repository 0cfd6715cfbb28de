// The active-student import: the campus SIS's enrolment feed compared with the records and applied.
export { activeImportRoutes } from './routes';

export { useListCampusSites } from './api/list-campus-sites';
export { useListDepartments } from './api/list-departments';
export { peopleRoutes } from './routes';

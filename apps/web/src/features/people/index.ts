export { useListCampusSites } from './api/list-campus-sites';
export { useListDepartments } from './api/list-departments';
export { campusSitesRoutes, peopleRoutes } from './routes';

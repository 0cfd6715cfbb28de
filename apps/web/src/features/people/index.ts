export { useListCampusSites } from './api/list-campus-sites';
export { peopleRoutes } from './routes';

export { sevisRoutes } from './routes';

export { sevisRoutes } from './routes';
export { SevisEventActions } from './components/sevis-event-actions';

// Scholar HR Updates: the HR appointment feed compared with the scholar cases, each change accepted or rejected.
export { scholarHrUpdateRoutes } from './routes';

// What other parts of the app may use of work (My work).
export { loadMyWorkPage } from './my-work-page';
export { workRoutes } from './routes';

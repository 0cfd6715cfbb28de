// What other modules (and the composition root) may use of setup.
export { setupRoutes } from './routes.js';

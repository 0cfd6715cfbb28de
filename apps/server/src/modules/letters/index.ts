// What the composition root uses of letters; no other module imports it.
export { letterRoutes } from './routes.js';

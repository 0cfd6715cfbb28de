// What other modules (and the composition root) may use of comments.
export { commentRoutes } from './routes.js';
export { comments } from './schema.js';

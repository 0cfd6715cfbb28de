// What other modules may use of content: the office's pages for students and scholars (docs/product/site-pages.md).
export { sitePages } from './schema.js';
export { contentRoutes } from './routes.js';

// What other modules may use of work (My work): only its routes. It owns no table; it reads through the
// modules below it (requests, workflows, students, sevis), so it sits on top of them all.
export { workRoutes } from './routes.js';

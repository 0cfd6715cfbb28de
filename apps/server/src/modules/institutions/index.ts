export { loadSettings, mergeSettings, DEFAULT_SETTINGS } from './settings.js';
export { institutionRoutes } from './routes.js';
export { queueBrandedMail, renderBrandedHtml } from './branded-mail.js';

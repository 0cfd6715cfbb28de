export { loadSettings, mergeSettings, DEFAULT_SETTINGS } from './settings.js';
export { institutions } from './schema.js';

// What other modules may use of people.
export { siteOfficers } from './operations/site-officers.js';

// What other modules may use of people.
export { siteOfficers } from './operations/site-officers.js';
export { provideAccountAccess, type TAccountAccess } from './account-access.js';
export { createFirstSuperUser, createPortalAccount, recordSignIn, setPasswordHash, type TUserRow } from './operations/accounts.js';
export { users, departments, campusSites } from './schema.js';
export { peopleRoutes } from './routes.js';

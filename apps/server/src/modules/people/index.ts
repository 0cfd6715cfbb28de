// What other modules may use of people.
export { siteOfficers } from './operations/site-officers.js';
export { provideAccountAccess, type TAccountAccess } from './account-access.js';
export { createFirstSuperUser } from './operations/create-first-super-user.js';
export { createPortalAccount } from './operations/create-portal-account.js';
export { createStaffJustInTime } from './operations/create-staff-just-in-time.js';
export { personSites, providePersonSites, type TPersonSitesProvider } from './operations/person-sites.js';
export { provideCampusSiteUses, usesOf, type TCampusSiteUsesProvider } from './campus-site-uses.js';
export { recordSignIn } from './operations/record-sign-in.js';
export { setPasswordHash } from './operations/set-password-hash.js';
export { type TUserRow } from './user-row.js';
export { users, departments, campusSites } from './schema.js';
export { peopleRoutes } from './routes.js';

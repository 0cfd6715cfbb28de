// What other modules may use of auth.
export { sendPasswordLink, latestInviteSentAt, type TLinkPurpose } from './password-links.js';
export { provideAccountFacts, type TAccountFacts, type TAccountFactsProvider } from './account-facts.js';
export { revokeAllSessions } from './session.service.js';
export { sessionLookup } from './find-session.js';
export { integrationLookup } from './integration-tokens/find-integration.js';
export { plugAuth } from './plug.js';
export { authRoutes } from './routes.js';
export { authDailyJobs, purgeStaleThrottleRows } from './daily-jobs.js';

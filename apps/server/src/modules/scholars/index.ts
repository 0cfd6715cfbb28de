// What other modules may use of scholars.
export { canAccessCase, getAccessibleCase, getOwnCurrentCase, type TCaseRow, type TScholarRow } from './scholar.policy.js';
export {
  scholars,
  scholarApplications,
  scholarStatusHistory,
  departmentConfigs,
  scholarAccountSettings,
  scholarAlertsSent,
} from './schema.js';
export { readAccountSettings } from './account-settings.js';
export {
  staffReachesScholar,
  scholarReachFilter,
  setScholarEmployeeId,
  linkScholarAccount,
  unlinkScholarAccount,
} from './identity/scholar-identity.js';
export { plugScholars } from './plug.js';
export { scholarRoutes } from './routes.js';
export { scholarDailyJobs } from './daily-jobs.js';

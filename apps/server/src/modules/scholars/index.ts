// What other modules may use of scholars.
export { canAccessCase, getAccessibleCase, type TCaseRow, type TScholarRow } from './scholar.policy.js';
export { scholarApplications, scholarStatusHistory, departmentConfigs, scholarAccountSettings, scholarAlertsSent } from './schema.js';
export { readAccountSettings } from './operations/account-settings.js';

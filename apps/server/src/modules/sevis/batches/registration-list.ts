import { sql } from 'drizzle-orm';
import { titleDefinitions, studentProfiles as p } from '../../students/index.js';
import { type TBulkList } from './bulk-events.js';

/** SEVIS Registration: the Student List's 'active requiring registration' title, one Registration event each. */
export const REGISTRATION_LIST: TBulkList = {
  condition: (today) => titleDefinitions(today)['active-requiring-registration'],
  startDate: sql<string | null>`${p.sessionStartDate}::text`,
  eventType: 'Registration',
  action: 'Register',
  payload: (r) => ({ sessionStartDate: r.sessionStartDate, sessionEndDate: r.sessionEndDate }),
};

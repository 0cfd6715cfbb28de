import { sql } from 'drizzle-orm';
import { sevisApi } from '@meridian/domain';
import { fieldError } from '../../../platform/errors/app-error.js';
import { titleDefinitions, studentProfiles as p } from '../../students/index.js';
import { type TBulkList } from './bulk-events.js';

/** SEVIS Registration: the Student List's 'active requiring registration' title, one Registration event each. */
export const REGISTRATION_LIST: TBulkList = {
  condition: (today) => titleDefinitions(today)['active-requiring-registration'],
  startDate: sql<string | null>`${p.sessionStartDate}::text`,
  eventType: 'Registration',
  action: 'Register',
  payload: (r) => ({ sessionStartDate: r.sessionStartDate, sessionEndDate: r.sessionEndDate, isLastSession: r.isLastSession }),
};

/**
 * The Registration list queuing with the next session's start the office entered: SEVIS S1068 wants
 * it for every student not in their last session (and none for those in it), S1103 on or after the
 * current session's end, S1114 not in the past. A missing or wrong date refuses the whole request on
 * the field, so nobody is queued to be refused by SEVIS.
 */
export function registrationListWithNextSession(nextSessionStartDate: string): TBulkList {
  return {
    ...REGISTRATION_LIST,
    payload: (r) => ({
      ...REGISTRATION_LIST.payload(r),
      ...(r.isLastSession ? {} : { nextSessionStartDate }),
    }),
    check: (rows, today) => {
      const continuing = rows.filter((r) => !r.isLastSession);
      if (!continuing.length) return;
      if (!nextSessionStartDate) throw fieldError('nextSessionStartDate', sevisApi.MSG_NEXT_SESSION_REQUIRED);
      if (nextSessionStartDate < today) throw fieldError('nextSessionStartDate', sevisApi.MSG_NEXT_SESSION_PAST);
      const early = continuing.find((r) => r.sessionEndDate && nextSessionStartDate < r.sessionEndDate);
      if (early)
        throw fieldError(
          'nextSessionStartDate',
          sevisApi.MSG_NEXT_SESSION_BEFORE_END(`${early.firstName} ${early.lastName}`, early.sessionEndDate!),
        );
    },
  };
}

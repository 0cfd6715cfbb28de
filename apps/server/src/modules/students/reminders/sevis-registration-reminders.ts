import { addDays, formatDate, SEVIS_REGISTRATION_WINDOW_DAYS } from '@meridian/domain';
import { and, between, eq, gte, inArray, isNull, or, sql } from 'drizzle-orm';
import { studentProfiles as p } from '../schema.js';
import { PROFILE_FIELDS } from './program-end-reminders.js';
import type { TStudentReminder } from './student-reminders.js';

/** The last day to report a registration for a session that starts on `sessionStart` (8 CFR 214.3(g)(3)). */
export const sevisRegistrationDeadline = (sessionStart: string) => addDays(sessionStart, SEVIS_REGISTRATION_WINDOW_DAYS);

/**
 * Check-in before the SEVIS registration deadline: F-1 and J-1 records in their current session (not ended),
 * Initial or Active in SEVIS, whose registration is not reported yet, a lead time before the deadline.
 */
export const sevisRegistrationReminder: TStudentReminder = {
  eventKey: 'sevis.registrationDue',
  candidates: async (tx, from, to, today) => {
    // The deadline falls from..to exactly when the session started from-30..to-30.
    const rows = await tx
      .select(PROFILE_FIELDS)
      .from(p)
      .where(
        and(
          inArray(p.visaType, ['F-1', 'J-1']),
          inArray(p.sevisStatus, ['Initial', 'Active']),
          eq(p.isArchived, false),
          eq(p.isRegistered, false),
          between(p.sessionStartDate, addDays(from, -SEVIS_REGISTRATION_WINDOW_DAYS), addDays(to, -SEVIS_REGISTRATION_WINDOW_DAYS)),
          or(isNull(p.sessionEndDate), gte(p.sessionEndDate, sql`${today}::date`)),
        ),
      )
      .orderBy(p.id);
    return rows.map((r) => ({
      profile: r,
      forDate: sevisRegistrationDeadline(r.sessionStartDate!),
      recordId: r.id,
      extra: { 'reminder.sessionStartDate': formatDate(r.sessionStartDate) },
    }));
  },
  notice: (_c, due, days) =>
    `Check in with the international office: your registration must be reported to SEVIS by ${due}, in ${days} ${days === 1 ? 'day' : 'days'}.`,
};

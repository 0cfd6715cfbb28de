import { and, between, eq, inArray } from 'drizzle-orm';
import { studentProfiles as p } from '../schema.js';
import type { TStudentReminder } from './student-reminders.js';

export const PROFILE_FIELDS = {
  id: p.id,
  userId: p.userId,
  email: p.email,
  visaType: p.visaType,
  firstName: p.firstName,
  middleName: p.middleName,
  lastName: p.lastName,
  suffix: p.suffix,
  sevisId: p.sevisId,
  campusId: p.campusId,
  programStartDate: p.programStartDate,
  programEndDate: p.programEndDate,
  sessionStartDate: p.sessionStartDate,
  sessionEndDate: p.sessionEndDate,
  sevisStatus: p.sevisStatus,
};

/** Program end approaching: active F-1 and J-1 records whose program ends a lead time from today. */
export const programEndReminder: TStudentReminder = {
  eventKey: 'student.programEndApproaching',
  candidates: async (tx, from, to) => {
    const rows = await tx
      .select(PROFILE_FIELDS)
      .from(p)
      .where(
        and(inArray(p.visaType, ['F-1', 'J-1']), eq(p.sevisStatus, 'Active'), eq(p.isArchived, false), between(p.programEndDate, from, to)),
      )
      .orderBy(p.id);
    return rows.map((r) => ({ profile: r, forDate: r.programEndDate!, recordId: r.id }));
  },
  notice: (_c, due, days) => `Your program ends on ${due}, in ${days} ${days === 1 ? 'day' : 'days'}.`,
};

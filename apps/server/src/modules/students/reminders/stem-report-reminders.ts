import { and, between, eq, isNull } from 'drizzle-orm';
import { stemReports as r, studentProfiles as p } from '../schema.js';
import { PROFILE_FIELDS } from './program-end-reminders.js';
import type { TStudentReminder } from './student-reminders.js';

/**
 * STEM OPT validation report due: a six-month validation report not yet received whose due date is a lead
 * time away, for an F-1 record in SEVIS status Active (kept by the report, so each report reminds on its own).
 */
export const stemReportReminder: TStudentReminder = {
  eventKey: 'stem.validationReportDue',
  candidates: async (tx, from, to) => {
    const rows = await tx
      .select({ ...PROFILE_FIELDS, reportId: r.id, dueDate: r.dueDate })
      .from(r)
      .innerJoin(p, eq(p.id, r.profileId))
      .where(
        and(
          eq(r.kind, 'validation_report'),
          isNull(r.receivedAt),
          between(r.dueDate, from, to),
          eq(p.visaType, 'F-1'),
          eq(p.sevisStatus, 'Active'),
          eq(p.isArchived, false),
        ),
      )
      .orderBy(r.id);
    return rows.map(({ reportId, dueDate, ...profile }) => ({ profile, forDate: dueDate, recordId: reportId }));
  },
  notice: (_c, due, days) => `Your STEM OPT validation report is due on ${due}, in ${days} ${days === 1 ? 'day' : 'days'}.`,
};

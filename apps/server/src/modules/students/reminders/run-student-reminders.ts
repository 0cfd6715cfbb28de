import { systemContext, type TServices } from '../../../platform/http/context.js';
import { listInstitutions } from '../../../platform/tenancy/institutions.js';
import { programEndReminder } from './program-end-reminders.js';
import { sevisRegistrationReminder } from './sevis-registration-reminders.js';
import { stemReportReminder } from './stem-report-reminders.js';
import { sendStudentReminders } from './student-reminders.js';

export const STUDENT_REMINDERS = [programEndReminder, stemReportReminder, sevisRegistrationReminder];

/**
 * The students' daily reminders for every institution (docs/product/messages.md#automated-e-mail), each as of
 * the office's own today (`today` overrides it, for tests). Answers how many were sent.
 */
export async function runStudentReminders(services: TServices, today?: string): Promise<number> {
  let sent = 0;
  for (const inst of await listInstitutions(services.database)) {
    const ctx = systemContext(services, inst);
    for (const r of STUDENT_REMINDERS) sent += await sendStudentReminders(ctx, r, today ?? ctx.today());
  }
  return sent;
}

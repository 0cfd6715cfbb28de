import type { TServices } from '../../platform/http/context.js';
import type { TDailyJob } from '../../platform/jobs/runner.js';
import { runOptDailyJob } from './opt/operations/run-opt-daily-job.js';
import { expireStaleImportPreviews } from './intake/operations/expire-stale-import-previews.js';
import { runStudentReminders } from './reminders/run-student-reminders.js';

/** The students module's daily work: OPT unemployment alerts and STEM report rows; stale import previews lose their rows; the students' reminders. */
export const studentDailyJobs = (services: TServices): TDailyJob[] => [
  { name: 'opt-daily', run: () => runOptDailyJob(services) },
  { name: 'import-retention', run: () => expireStaleImportPreviews(services) },
  { name: 'student-reminders', run: () => runStudentReminders(services) },
];

import type { TServices } from '../../platform/http/context.js';
import type { TDailyJob } from '../../platform/jobs/runner.js';
import { runScholarAlertsJob } from './reports/operations/run-scholar-alerts-job.js';

/** The scholars module's daily work: end-date alerts. */
export const scholarDailyJobs = (services: TServices): TDailyJob[] => [
  { name: 'scholar-alerts', run: () => runScholarAlertsJob(services) },
];

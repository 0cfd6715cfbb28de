import type { TServices } from '../../platform/http/context.js';
import type { TDailyJob } from '../../platform/jobs/runner.js';
import { runSevisNightlyBatching } from './batches/operations/run-sevis-nightly-batching.js';

/** The sevis module's nightly work: batches of the institutions that asked for them. */
export const sevisDailyJobs = (services: TServices): TDailyJob[] => [
  { name: 'sevis-nightly-batching', run: () => runSevisNightlyBatching(services) },
];

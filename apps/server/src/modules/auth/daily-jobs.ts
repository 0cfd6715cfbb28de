import { and, lt } from 'drizzle-orm';
import type { TServices } from '../../platform/http/context.js';
import type { TDailyJob } from '../../platform/jobs/runner.js';
import { loginThrottle } from './schema.js';
import { FORGET_AFTER_S } from './throttle.js';

/**
 * Sign-in failure counters a day old count for nothing any more (docs/decisions/020-sign-in-throttling.md):
 * they are deleted each day, so the table does not keep every user name ever guessed, nor addresses.
 */
export async function purgeStaleThrottleRows(services: TServices): Promise<number> {
  const cutoff = new Date(Date.now() - FORGET_AFTER_S * 1000);
  const gone = await services.database.owner
    .delete(loginThrottle)
    .where(and(lt(loginThrottle.lastFailureAt, cutoff), lt(loginThrottle.windowStart, cutoff)))
    .returning({ key: loginThrottle.key });
  return gone.length;
}

/** The auth module's daily work. */
export const authDailyJobs = (services: TServices): TDailyJob[] => [
  { name: 'sign-in-counters', run: () => purgeStaleThrottleRows(services) },
];

import { messagesApi } from '@meridian/domain';
import type { TServices } from '../../../platform/http/context.js';
import type { TDailyJob } from '../../../platform/jobs/runner.js';
import { purgeExpiredMail } from '../../../platform/mail/mail-log.js';

/**
 * Sent mail is kept for the institution's retention (docs/product/messages.md#retention): each day the
 * messages older than it are deleted, except those still waiting to be sent or being sent. A setting below
 * the minimum counts as the minimum.
 */
export const purgeOldMail = (services: TServices): Promise<number> =>
  purgeExpiredMail(services.database, messagesApi.MAIL_RETENTION_MIN_DAYS, messagesApi.MAIL_RETENTION_DEFAULT_DAYS);

/** The messages module's daily work. */
export const messageDailyJobs = (services: TServices): TDailyJob[] => [{ name: 'sent-mail-retention', run: () => purgeOldMail(services) }];

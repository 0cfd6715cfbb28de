import { desc } from 'drizzle-orm';
import { scholarStatusHistory } from './schema.js';

/**
 * A case's status history, newest first, in the order things happened, the same for the office and the
 * department (docs/product/scholars-office.md#status-history): by the change date the office gave
 * (when it happened), then by when each change was recorded (the clock's time, so two changes of one
 * transaction keep their order), then by id, so rows that tie on both never swap between two readings.
 */
export const STATUS_HISTORY_ORDER = [
  desc(scholarStatusHistory.changeDate),
  desc(scholarStatusHistory.createdAt),
  desc(scholarStatusHistory.id),
];

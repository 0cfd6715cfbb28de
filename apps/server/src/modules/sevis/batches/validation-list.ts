import { sql } from 'drizzle-orm';
import { type TBulkList } from './bulk-events.js';
import { studentProfiles as p } from '../../students/index.js';

/** Days either side of the program start date within which an initial exchange visitor is ready to validate. */
export const VALIDATION_WINDOW_DAYS = 30;

/**
 * SEVIS Validation (docs/product/sevis-batches.md#sevis-validation): initial J-1 exchange visitors whose
 * program starts within 30 days before or after today (the sponsor validates participation around arrival);
 * one Validate event each.
 */
export const VALIDATION_LIST: TBulkList = {
  condition: (today) => sql`${p.visaType} = 'J-1' and ${p.sevisStatus} = 'Initial' and ${p.programStartDate} is not null
    and ${p.programStartDate} between (${today}::date - ${VALIDATION_WINDOW_DAYS}::int) and (${today}::date + ${VALIDATION_WINDOW_DAYS}::int)`,
  startDate: sql<string | null>`${p.programStartDate}::text`,
  eventType: 'Validate',
  action: 'Validate',
  payload: (r) => ({ programStartDate: r.programStartDate }),
};

import type { TContext } from '../../../../platform/http/context.js';
import { queueBulk } from '../bulk-events.js';
import { VALIDATION_LIST } from '../validation-list.js';

/** Queues SEVIS validation updates for the chosen (or all listed) exchange visitors. */
export const queueValidationEvents = (ctx: TContext, input: { profileIds?: string[] | undefined; all: boolean }) =>
  queueBulk(ctx, VALIDATION_LIST, input);

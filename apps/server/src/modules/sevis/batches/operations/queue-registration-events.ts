import { type TContext } from '../../../../platform/http/context.js';
import { queueBulk } from '../bulk-events.js';
import { REGISTRATION_LIST } from '../registration-list.js';

/** Queues SEVIS registration updates for the chosen (or all listed) students. */
export const queueRegistrationEvents = (ctx: TContext, input: { profileIds?: string[] | undefined; all: boolean }) =>
  queueBulk(ctx, REGISTRATION_LIST, input);

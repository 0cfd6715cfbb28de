import { type sevisApi } from '@meridian/domain';
import { type TContext } from '../../../../platform/http/context.js';
import { queueBulk } from '../bulk-events.js';
import { registrationListWithNextSession } from '../registration-list.js';

/** Queues SEVIS registration updates for the chosen (or all listed) students, with the next session's start (SEVIS S1068). */
export const queueRegistrationEvents = (ctx: TContext, input: sevisApi.TRegistrationEventsInput) =>
  queueBulk(ctx, registrationListWithNextSession(input.nextSessionStartDate ?? ''), {
    profileIds: input.profileIds,
    all: input.all ?? false,
  });

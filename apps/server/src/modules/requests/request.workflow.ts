import {
  actionsFrom,
  canTransition,
  REQUEST_TRANSITIONS,
  transitionRefusal,
  type TRequestAction,
  type TRequestStatus,
} from '@meridian/domain';
import { AppError } from '../../platform/errors/app-error.js';

/**
 * The request state machine lives in the domain package (packages/domain/src/contracts/requests/workflow.ts)
 * so the browser offers only allowed actions; this is its server side: the one place a transition is checked.
 */
export { REQUEST_TRANSITIONS, actionsFrom, canTransition };

/** The state an action leads to, or 409 naming the current status. */
export function assertTransition(status: string, action: TRequestAction): TRequestStatus {
  const from = status as TRequestStatus;
  if (!canTransition(from, action)) throw new AppError(409, 'ILLEGAL_TRANSITION', transitionRefusal(from, action));
  return REQUEST_TRANSITIONS[action].to;
}

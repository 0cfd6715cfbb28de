import { MSG } from '@meridian/domain';
import { isApiError, NETWORK_MSG, NetworkError } from '../http/api-error';
import { NO_SESSION } from '../http/api-call';

/**
 * What went wrong with a call, and the one message a person reads for it (docs/product/ui.md#when-a-call-fails).
 * Every place that tells a user a call failed asks here, so a dropped connection, a server error and a
 * refusal read the same on every page, once.
 */
export type TFailureKind =
  /** The page cancelled the call itself (it closed, the filters changed): nothing to say. */
  | 'aborted'
  /** The call never got an answer: no connection (fetch failed). */
  | 'offline'
  /** The server took longer than the page waits. */
  | 'timeout'
  /** 503 UNAVAILABLE: the server says why (its database is away...), in its own words. */
  | 'unavailable'
  /** Any other 5xx, or an answer the page cannot read. */
  | 'server'
  /** 401: the session ended; the session module signs out. */
  | 'session'
  /** 403: the shell's unauthorized page. */
  | 'forbidden'
  /** 4xx with field errors: each message belongs on its field, not in a toast. */
  | 'fields'
  /** Any other 4xx: the server's refusal, in its words. */
  | 'refused';

export interface TFailure {
  kind: TFailureKind;
  /** The sentence to show (empty for 'aborted'). */
  message: string;
  /** Field messages by field (first message each), for 'fields'. */
  fieldErrors: Record<string, string>;
}

export const FAILURE_MSG = {
  ...NETWORK_MSG,
  unavailable: 'Meridian is not available right now. Please try again in a minute.',
} as const;

const isAbort = (e: unknown) => e instanceof DOMException && (e.name === 'AbortError' || e.name === 'TimeoutError');

/** The one mapping from a failed call to what the person is told. */
export function describeFailure(error: unknown): TFailure {
  const none: Record<string, string> = {};
  if (isAbort(error)) return { kind: 'aborted', message: '', fieldErrors: none };
  if (error instanceof NetworkError) {
    if (error.reason === 'timeout') return { kind: 'timeout', message: FAILURE_MSG.timeout, fieldErrors: none };
    if (error.reason === 'offline') return { kind: 'offline', message: FAILURE_MSG.offline, fieldErrors: none };
    return { kind: 'server', message: MSG.defaultError, fieldErrors: none };
  }
  if (!isApiError(error)) return { kind: 'server', message: MSG.defaultError, fieldErrors: none };
  if (error.code === NO_SESSION || error.status === 401) return { kind: 'session', message: MSG.invalidSession, fieldErrors: none };
  if (error.status === 403) return { kind: 'forbidden', message: error.message, fieldErrors: none };
  if (error.status === 503)
    return { kind: 'unavailable', message: error.code === 'UNAVAILABLE' ? error.message : FAILURE_MSG.unavailable, fieldErrors: none };
  if (error.status >= 500) return { kind: 'server', message: MSG.defaultError, fieldErrors: none };
  const fieldErrors = Object.fromEntries(
    Object.entries(error.fieldErrors ?? {})
      .filter(([, v]) => !!v[0])
      .map(([k, v]) => [k, v[0]!]),
  );
  return { kind: Object.keys(fieldErrors).length ? 'fields' : 'refused', message: error.message, fieldErrors };
}

/** The sentence for a failure (its field messages aside): what a page shows beside the action that failed. */
export function failureMessage(error: unknown): string {
  return describeFailure(error).message;
}

/** A failure the page cannot do anything about in place: the session ended or the page is not the caller's. */
export function isSessionOrAccess(error: unknown): boolean {
  const kind = describeFailure(error).kind;
  return kind === 'session' || kind === 'forbidden';
}

import { MSG, type TErrorBody } from '@meridian/domain';

/**
 * A non-2xx answer from the API, carrying the server's structured error body. An answer without one
 * (a proxy's 502 page) says the default error rather than a raw status (app/errors/failure.ts decides
 * what a person reads).
 */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly fieldErrors: Record<string, string[]> | undefined;

  constructor(status: number, body: Partial<TErrorBody> | null) {
    super(body?.message || MSG.defaultError);
    this.name = 'ApiError';
    this.status = status;
    this.code = body?.code ?? 'UNKNOWN';
    this.fieldErrors = body?.fieldErrors;
  }
}

/** What a person reads when a call got no answer (app/errors/failure.ts decides which). */
export const NETWORK_MSG = {
  offline: 'The server could not be reached. Check your internet connection and try again.',
  timeout: 'The server did not answer in time. Please try again in a moment.',
} as const;

/** Why a call got no answer it could use: no connection, no answer in time, or an answer that was not JSON. */
export type TNetworkFailure = 'offline' | 'timeout' | 'bad-answer';

/** The network failed, the server did not answer in time, or the answer was not JSON: no status to act on. */
export class NetworkError extends Error {
  readonly reason: TNetworkFailure;
  constructor(reason: TNetworkFailure = 'offline', message?: string) {
    super(message ?? (reason === 'bad-answer' ? MSG.defaultError : NETWORK_MSG[reason]));
    this.name = 'NetworkError';
    this.reason = reason;
  }
}

export function isApiError(e: unknown): e is ApiError {
  return e instanceof ApiError;
}

/** The server's message for one field of a refused call (a filter's date, a form's field), or null. */
export function fieldErrorOf(e: unknown, field: string): string | null {
  return isApiError(e) ? (e.fieldErrors?.[field]?.[0] ?? null) : null;
}

import type { TErrorBody } from '@meridian/domain';

/** A non-2xx answer from the API, carrying the server's structured error body. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly fieldErrors: Record<string, string[]> | undefined;

  constructor(status: number, body: Partial<TErrorBody> | null) {
    super(body?.message || `Request failed (${status})`);
    this.name = 'ApiError';
    this.status = status;
    this.code = body?.code ?? 'UNKNOWN';
    this.fieldErrors = body?.fieldErrors;
  }
}

/** The network failed or the answer was not JSON: no status to act on. */
export class NetworkError extends Error {
  constructor(message = 'Network error') {
    super(message);
    this.name = 'NetworkError';
  }
}

export function isApiError(e: unknown): e is ApiError {
  return e instanceof ApiError;
}

import { MSG } from '@meridian/domain';

export type TFieldErrors = Record<string, string[]>;

/** An error the user may see (docs/product/ui.md#errors): status, stable code, message (the exact user-facing text) and field errors. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    readonly fieldErrors?: TFieldErrors,
    /** Headers the answer carries, e.g. Retry-After on a 429. */
    readonly headers?: Record<string, string>,
  ) {
    super(message);
  }
}

export const notFound = (message: string = MSG.notFound) => new AppError(404, 'NOT_FOUND', message);
export const forbidden = (message: string = MSG.noAccessPage, code = 'FORBIDDEN') => new AppError(403, code, message);
export const unauthenticated = (message: string = MSG.invalidSession) => new AppError(401, 'UNAUTHENTICATED', message);
export const badRequest = (message: string, fieldErrors?: TFieldErrors, code = 'BAD_REQUEST') =>
  new AppError(400, code, message, fieldErrors);
export const conflict = (message: string, fieldErrors?: TFieldErrors) => new AppError(409, 'CONFLICT', message, fieldErrors);
export const fieldError = (field: string, message: string, status = 400) =>
  new AppError(status, status === 409 ? 'CONFLICT' : 'VALIDATION', message, { [field]: [message] });

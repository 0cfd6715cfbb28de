import { isApiError } from '../../../../app/http/api-error';
import { handleApiError } from '../../../../app/errors/handle-api-error';

/**
 * A refusal with messages per field (400) as { field: first message }; anything else goes the
 * global way (session expiry, toasts) and is thrown on, so the caller stops.
 */
export function refusalOf(e: unknown): { message: string; fields: Record<string, string> } {
  if (isApiError(e) && e.status === 400) {
    return { message: e.message, fields: Object.fromEntries(Object.entries(e.fieldErrors ?? {}).map(([k, v]) => [k, v[0] ?? e.message])) };
  }
  handleApiError(e);
  throw e;
}

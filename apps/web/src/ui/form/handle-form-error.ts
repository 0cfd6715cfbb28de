import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { isApiError } from '../../app/http/api-error';
import { handleApiError } from '../../app/errors/handle-api-error';
import { describeFailure } from '../../app/errors/failure';

/**
 * A failed form submit: server field errors go onto the matching fields; a business refusal
 * (4xx other than 401, 403 unless it is a grant refusal) comes back as a message for the form; a
 * dropped connection, a timeout or a server error comes back as the one message failure.ts gives it,
 * for the form to show where the person is (no toast besides); a session that ended or a page that
 * is not theirs takes the global path.
 * Returns the message the form should show, or null.
 */
export function handleFormError<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  knownFields: readonly string[],
  opts: { inlineForbiddenCodes?: readonly string[] } = {},
): string | null {
  const failure = describeFailure(error);
  if (failure.kind === 'aborted') return null;
  if (!isApiError(error) || failure.kind === 'unavailable' || failure.kind === 'server') return failure.message;
  const inlineForbidden = error.status === 403 && (opts.inlineForbiddenCodes ?? []).includes(error.code);
  if (failure.kind === 'session' || (failure.kind === 'forbidden' && !inlineForbidden)) {
    handleApiError(error);
    return null;
  }
  let unmatched = false;
  let matched = false;
  for (const [field, messages] of Object.entries(error.fieldErrors ?? {})) {
    const message = messages[0] ?? error.message;
    if (knownFields.includes(field)) {
      setError(field as Path<T>, { type: 'server', message }, { shouldFocus: !matched });
      matched = true;
    } else {
      unmatched = true;
    }
  }
  // A refusal (e.g. CANNOT_GRANT) is said at the top of the form as well as on its field.
  if (matched && !unmatched && !inlineForbidden) return null;
  return error.message;
}

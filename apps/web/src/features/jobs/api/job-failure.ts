import type { jobsApi } from '@meridian/domain';
import { ApiError } from '../../../app/http/api-error';

/**
 * A failed job's error as the error its route answered before it ran as a job (the same status, code,
 * message and field errors), so a page keeps its own handling of refusals.
 */
export function jobFailure(job: jobsApi.TJob): ApiError {
  const { status, ...body } = job.error ?? { code: 'JOB_FAILED', message: 'The work could not be finished. Please try again.' };
  return new ApiError(status ?? 500, body);
}

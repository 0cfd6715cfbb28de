import { describe, expect, it } from 'vitest';
import type { jobsApi } from '@meridian/domain';
import { ApiError } from '../../../app/http/api-error';
import { jobFailure } from './job-failure';

const failed = (error: jobsApi.TJob['error']): jobsApi.TJob => ({
  id: '00000000-0000-4000-8000-000000000001',
  kind: 'attachments.combined-pdf',
  status: 'failed',
  phase: 'Stopped',
  done: 1,
  total: 2,
  attempts: 1,
  result: null,
  error,
  fileName: null,
  createdAt: '2026-01-01T00:00:00Z',
  startedAt: '2026-01-01T00:00:00Z',
  finishedAt: '2026-01-01T00:00:01Z',
});

describe('jobFailure', () => {
  it("is the ApiError the synchronous route would have thrown: the error's status, message and field errors", () => {
    const message = 'The file "scan.pdf" could not be read as a PDF.';
    const e = jobFailure(failed({ code: 'BAD_REQUEST', message, status: 400, fieldErrors: { attachmentIds: [message] } }));
    expect(e).toBeInstanceOf(ApiError);
    expect({ status: e.status, code: e.code, message: e.message, fieldErrors: e.fieldErrors }).toEqual({
      status: 400,
      code: 'BAD_REQUEST',
      message,
      fieldErrors: { attachmentIds: [message] },
    });
  });

  it('is a server error when the job could not finish for a reason of its own', () => {
    const e = jobFailure(failed({ code: 'JOB_FAILED', message: 'The work could not be finished.' }));
    expect([e.status, e.code]).toEqual([500, 'JOB_FAILED']);
  });
});

// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MSG } from '@meridian/domain';
import { ApiError, NetworkError } from '../http/api-error';
import { FAILURE_MSG } from './failure';

const notify = vi.hoisted(() => ({ toast: vi.fn(), snack: vi.fn() }));
vi.mock('../../ui/notify', () => notify);
const { handleApiError } = await import('./handle-api-error');

afterEach(() => {
  notify.toast.mockReset();
  notify.snack.mockReset();
});

// A call no page handles itself fails with exactly one message (docs/product/ui.md#when-a-call-fails).
describe('handleApiError', () => {
  it('offline: one toast with the connection message', () => {
    handleApiError(new NetworkError('offline'));
    expect(notify.toast.mock.calls).toEqual([[FAILURE_MSG.offline]]);
    expect(notify.snack).not.toHaveBeenCalled();
  });

  it("a server error: one toast with the default error; 503: the server's words", () => {
    handleApiError(new ApiError(500, { code: 'INTERNAL', message: MSG.defaultError }));
    handleApiError(new ApiError(503, { code: 'UNAVAILABLE', message: MSG.databaseUnavailable }));
    expect(notify.toast.mock.calls).toEqual([[MSG.defaultError], [MSG.databaseUnavailable]]);
    expect(notify.snack).not.toHaveBeenCalled();
  });

  it('a refusal: one snackbar with its message, no toast', () => {
    handleApiError(new ApiError(409, { code: 'CONFLICT', message: 'Already done.' }));
    expect(notify.snack.mock.calls).toEqual([['Already done.', 'error']]);
    expect(notify.toast).not.toHaveBeenCalled();
  });

  it('a cancelled call: nothing', () => {
    handleApiError(new DOMException('x', 'AbortError'));
    expect(notify.toast).not.toHaveBeenCalled();
    expect(notify.snack).not.toHaveBeenCalled();
  });
});

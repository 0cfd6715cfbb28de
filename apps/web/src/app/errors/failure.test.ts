// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MSG, requestsApi, type TSession } from '@meridian/domain';
import { apiCall } from '../http/api-call';
import { ApiError, NetworkError } from '../http/api-error';
import { clearSession, setSession } from '../session/session-store';
import { describeFailure, FAILURE_MSG, failureMessage } from './failure';

// One place decides what a failed call says (docs/product/ui.md#when-a-call-fails).
describe('describeFailure', () => {
  it('a dropped connection says so once, in words, not "Network error" or "Failed to fetch"', () => {
    expect(describeFailure(new NetworkError('offline'))).toEqual({ kind: 'offline', message: FAILURE_MSG.offline, fieldErrors: {} });
    expect(FAILURE_MSG.offline).toBe('The server could not be reached. Check your internet connection and try again.');
  });

  it('a call the server did not answer in time is a timeout', () => {
    expect(describeFailure(new NetworkError('timeout'))).toMatchObject({ kind: 'timeout', message: FAILURE_MSG.timeout });
  });

  it('a server error is the default error, whatever the server or a proxy answered (never "Request failed (502)")', () => {
    expect(describeFailure(new ApiError(500, { code: 'INTERNAL', message: MSG.defaultError }))).toMatchObject({
      kind: 'server',
      message: MSG.defaultError,
    });
    const proxy = new ApiError(502, null);
    expect(proxy.message).toBe(MSG.defaultError);
    expect(describeFailure(proxy)).toMatchObject({ kind: 'server', message: MSG.defaultError });
    expect(describeFailure(new NetworkError('bad-answer'))).toMatchObject({ kind: 'server', message: MSG.defaultError });
    expect(describeFailure(new TypeError('boom'))).toMatchObject({ kind: 'server', message: MSG.defaultError });
  });

  it("503 UNAVAILABLE is the server's own message; a 503 without one says Meridian is not available", () => {
    expect(describeFailure(new ApiError(503, { code: 'UNAVAILABLE', message: MSG.databaseUnavailable }))).toMatchObject({
      kind: 'unavailable',
      message: MSG.databaseUnavailable,
    });
    expect(describeFailure(new ApiError(503, null))).toMatchObject({ kind: 'unavailable', message: FAILURE_MSG.unavailable });
  });

  it('4xx with field errors belongs on the fields (first message each); other 4xx are the refusal in its words', () => {
    const fields = new ApiError(400, {
      code: 'VALIDATION',
      message: 'Please check the form.',
      fieldErrors: { body: ['Required field', 'second'], other: [] },
    });
    expect(describeFailure(fields)).toEqual({ kind: 'fields', message: 'Please check the form.', fieldErrors: { body: 'Required field' } });
    const refused = new ApiError(409, { code: 'ILLEGAL_TRANSITION', message: 'This request is Approved; it cannot be approved.' });
    expect(describeFailure(refused)).toEqual({
      kind: 'refused',
      message: 'This request is Approved; it cannot be approved.',
      fieldErrors: {},
    });
  });

  it('401 is the session, 403 the unauthorized page, and a cancelled call says nothing', () => {
    expect(describeFailure(new ApiError(401, { code: 'TOKEN_EXPIRED', message: 'expired' })).kind).toBe('session');
    expect(describeFailure(new ApiError(403, { code: 'FORBIDDEN', message: MSG.noAccessPage })).kind).toBe('forbidden');
    expect(describeFailure(new DOMException('stop', 'AbortError'))).toEqual({ kind: 'aborted', message: '', fieldErrors: {} });
    expect(failureMessage(new DOMException('stop', 'AbortError'))).toBe('');
  });
});

describe('apiCall failures', () => {
  beforeEach(() =>
    setSession({
      accessToken: 't',
      refreshToken: 'r',
      expiresIn: 900,
      expireOn: Math.floor(Date.now() / 1000) + 900,
      userId: 'u',
      userRole: 'isssAdmin',
    } as TSession),
  );
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    clearSession();
  });
  const get = () => apiCall(requestsApi.getRequest, { params: { requestId: '00000000-0000-4000-8000-000000000001' } });

  it('fetch that fails (offline) becomes NetworkError offline', async () => {
    vi.stubGlobal('fetch', () => Promise.reject(new TypeError('Failed to fetch')));
    const e = await get().catch((x: unknown) => x);
    expect(e).toBeInstanceOf(NetworkError);
    expect(describeFailure(e).kind).toBe('offline');
  });

  it('a server that never answers is given up after the timeout, so no button stays busy for ever', async () => {
    vi.useFakeTimers();
    vi.stubGlobal(
      'fetch',
      (_url: string, init: RequestInit) =>
        new Promise((_, reject) => init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')))),
    );
    const pending = get().catch((x: unknown) => x);
    await vi.advanceTimersByTimeAsync(60_000);
    const e = await pending;
    expect(describeFailure(e)).toMatchObject({ kind: 'timeout', message: FAILURE_MSG.timeout });
  });

  it("the page's own cancel stays a cancel (nothing to say)", async () => {
    vi.stubGlobal(
      'fetch',
      (_url: string, init: RequestInit) =>
        new Promise((_, reject) => init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')))),
    );
    const controller = new AbortController();
    const pending = apiCall(requestsApi.getRequest, {
      params: { requestId: '00000000-0000-4000-8000-000000000001' },
      signal: controller.signal,
    }).catch((x: unknown) => x);
    controller.abort();
    expect(describeFailure(await pending).kind).toBe('aborted');
  });

  it('a 503 from the server keeps its message', async () => {
    vi.stubGlobal('fetch', () =>
      Promise.resolve(new Response(JSON.stringify({ code: 'UNAVAILABLE', message: MSG.databaseUnavailable }), { status: 503 })),
    );
    expect(failureMessage(await get().catch((x: unknown) => x))).toBe(MSG.databaseUnavailable);
  });
});

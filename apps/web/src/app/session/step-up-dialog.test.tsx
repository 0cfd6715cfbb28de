// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { authApi, scholarsApi, type TSession } from '@meridian/domain';
import { brandingQueryKey, DEFAULT_BRANDING } from '../branding';
import { apiCall, setStepUpHandler } from '../http/api-call';
import { ApiError } from '../http/api-error';
import { clearSession, setSession } from './session-store';
import { askStepUp } from './step-up';
import { StepUpDialog } from './step-up-dialog';

// docs/product/two-step-sign-in.md#confirm-its-you: an export refused with STEP_UP_REQUIRED asks
// "Confirm it's you", then is sent again once.
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const STEP_UP = { code: 'STEP_UP_REQUIRED', message: authApi.MSG_MFA.stepUpRequired };
const JOB = { id: '00000000-0000-4000-8000-000000000001', kind: 'scholars.export', status: 'queued' };

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
  setSession({
    accessToken: 't',
    refreshToken: 'r',
    expiresIn: 900,
    expireOn: Math.floor(Date.now() / 1000) + 900,
    userId: 'u',
  } as TSession);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  clearSession();
  setStepUpHandler(askStepUp);
});

describe('the api client and STEP_UP_REQUIRED', () => {
  it('sends the call again once after the person confirmed', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined); // the job answered here is not a whole job
    const confirm = vi.fn(() => Promise.resolve(true));
    setStepUpHandler(confirm);
    fetchMock.mockResolvedValueOnce(json(403, STEP_UP)).mockResolvedValueOnce(json(202, JOB));
    await apiCall(scholarsApi.exportScholars, { body: {} });
    expect(confirm).toHaveBeenCalledTimes(1);
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('fails with the refusal when the person cancels', async () => {
    setStepUpHandler(() => Promise.resolve(false));
    fetchMock.mockResolvedValueOnce(json(403, STEP_UP));
    const err = await apiCall(scholarsApi.exportScholars, { body: {} }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).code).toBe('STEP_UP_REQUIRED');
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});

describe('StepUpDialog', () => {
  function mount() {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    client.setQueryData(brandingQueryKey, DEFAULT_BRANDING);
    render(
      <QueryClientProvider client={client}>
        <StepUpDialog />
      </QueryClientProvider>,
    );
  }

  it("asks for the app's code in a labelled field that has the focus, checks its form, then confirms", async () => {
    mount();
    fetchMock.mockResolvedValueOnce(json(200, { challenge: 'c1', methods: ['totp', 'recovery'] }));
    let answer: Promise<boolean> | undefined;
    act(() => {
      answer = askStepUp();
    });
    expect(await screen.findByRole('dialog', { name: "Confirm it's you" })).toBeTruthy();
    const field = await screen.findByLabelText(/Code from your authenticator app/);
    await waitFor(() => expect(document.activeElement).toBe(field));
    expect(screen.getByRole('button', { name: 'Use a recovery code instead' })).toBeTruthy();
    fireEvent.change(field, { target: { value: '12' } });
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText(authApi.MSG_MFA.codeFormat)).toBeTruthy();
    fetchMock.mockResolvedValueOnce(json(200, { secondStepAt: new Date().toISOString() }));
    fireEvent.change(field, { target: { value: '123 456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    await expect(answer).resolves.toBe(true);
    const sent = fetchMock.mock.calls[1]!;
    expect(sent[0]).toBe('/api/auth/mfa/step-up');
    expect(JSON.parse(sent[1]!.body as string)).toEqual({ method: 'totp', challenge: 'c1', code: '123 456' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('says how to confirm when the person has no second step of their own; cancelling answers false', async () => {
    mount();
    fetchMock.mockResolvedValueOnce(json(409, { code: 'NO_SECOND_STEP', message: authApi.MSG_MFA.stepUpNoMethod }));
    let answer: Promise<boolean> | undefined;
    act(() => {
      answer = askStepUp();
    });
    expect(await screen.findByText(authApi.MSG_MFA.stepUpNoMethod)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await expect(answer).resolves.toBe(false);
  });
});

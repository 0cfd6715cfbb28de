// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { attachmentsApi, type TSession } from '@meridian/domain';
import { clearSession, getSession, setSession } from '../session/session-store';
import { setUnauthorizedRecovery } from './api-call';
import { ApiError } from './api-error';
import { downloadFile, fileNameFrom } from './download-file';

const session = (accessToken: string): TSession =>
  ({
    accessToken,
    refreshToken: `refresh-${accessToken}`,
    expiresIn: 900,
    expireOn: Math.floor(Date.now() / 1000) + 900,
    userId: 'u1',
    userRole: 'isssAdmin',
  }) as TSession;

const fetchMock = vi.fn<typeof fetch>();
let saved: { name: string; href: string }[] = [];

beforeEach(() => {
  saved = [];
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
  vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:file-1');
  vi.spyOn(URL, 'revokeObjectURL').mockReturnValue(undefined);
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push({ name: this.download, href: this.getAttribute('href') ?? '' });
  });
  setSession(session('old'));
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  clearSession();
});

const auth = (call: number) => new Headers(fetchMock.mock.calls[call]?.[1]?.headers).get('Authorization');

describe('downloadFile', () => {
  it('fetches the route with the bearer token and saves the file under the name the server gives', async () => {
    fetchMock.mockResolvedValueOnce(
      new Response('%PDF', { status: 200, headers: { 'Content-Disposition': `attachment; filename*=UTF-8''offer%20letter.pdf` } }),
    );
    await downloadFile(attachmentsApi.downloadAttachment, { params: { attachmentId: 'a/1' } }, 'fallback.pdf');
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/attachments/a%2F1/download');
    expect(auth(0)).toBe('Bearer old');
    expect(saved).toEqual([{ name: 'offer letter.pdf', href: 'blob:file-1' }]);
  });

  it('shares the API calls’ token refresh: a 401 is retried once with the refreshed token', async () => {
    const refresh = vi.fn(() => {
      setSession(session('new'));
      return Promise.resolve(true);
    });
    setUnauthorizedRecovery(refresh);
    fetchMock
      .mockResolvedValueOnce(new Response(JSON.stringify({ code: 'TOKEN_EXPIRED', message: 'expired' }), { status: 401 }))
      .mockResolvedValueOnce(new Response('pdf', { status: 200 }));
    await downloadFile(attachmentsApi.combinedPdf, { body: { attachmentIds: ['x'] } }, 'combined-documents.pdf');
    expect(refresh).toHaveBeenCalledOnce();
    expect([auth(0), auth(1)]).toEqual(['Bearer old', 'Bearer new']);
    expect(fetchMock.mock.calls[1]?.[1]?.method).toBe('POST');
    expect(fetchMock.mock.calls[1]?.[1]?.body).toBe('{"attachmentIds":["x"]}');
    expect(saved.map((s) => s.name)).toEqual(['combined-documents.pdf']);
  });

  it("rejects with the server's error and saves nothing", async () => {
    fetchMock.mockResolvedValueOnce(new Response(JSON.stringify({ code: 'NOT_FOUND', message: 'Not found.' }), { status: 404 }));
    const err = await downloadFile(attachmentsApi.downloadAttachment, { params: { attachmentId: 'a1' } }, 'x').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).status).toBe(404);
    expect(saved).toEqual([]);
  });

  it('does not call the server without a session', async () => {
    clearSession();
    expect(getSession()).toBeNull();
    await expect(downloadFile(attachmentsApi.downloadAttachment, { params: { attachmentId: 'a1' } }, 'x')).rejects.toBeInstanceOf(ApiError);
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

describe('fileNameFrom', () => {
  it('prefers filename*, then filename, then the fallback', () => {
    expect(fileNameFrom(`attachment; filename="a.pdf"; filename*=UTF-8''b%C3%A9.pdf`, 'f')).toBe('bé.pdf');
    expect(fileNameFrom('attachment; filename="a.pdf"', 'f')).toBe('a.pdf');
    expect(fileNameFrom(null, 'f')).toBe('f');
  });
});

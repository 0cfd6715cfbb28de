import type { RouteContract } from '@meridian/domain';
import { authorizedFetch, contractUrl, type CallInput } from './api-call';
import { ApiError } from './api-error';

/** The file name from Content-Disposition (filename* first); the fallback without one. */
export function fileNameFrom(header: string | null, fallback: string): string {
  if (!header) return fallback;
  const star = /filename\*=UTF-8''([^;]+)/i.exec(header);
  if (star?.[1]) {
    try {
      return decodeURIComponent(star[1]);
    } catch {
      // A malformed encoded name: the plain one (or the fallback) still serves.
    }
  }
  const plain = /filename="([^"]*)"/i.exec(header);
  return plain?.[1] || fallback;
}

/** Hands a blob to the browser as a download named `fileName`. */
export function saveBlob(blob: Blob, fileName: string): void {
  const href = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = href;
  a.download = fileName;
  document.body.appendChild(a);
  a.click();
  a.remove();
  // Revoked later: some browsers read the URL after click() returns.
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
}

/**
 * Downloads the file a contract's route answers and saves it, named as the server says (else
 * `fallbackName`). A plain link cannot carry the bearer token, so the file is fetched like any API
 * call (same token, same refresh after a 401) and saved through a temporary object URL. Rejects
 * with ApiError (the server's answer) or NetworkError.
 */
export async function downloadFile<C extends RouteContract>(contract: C, input: CallInput<C>, fallbackName: string): Promise<void> {
  const res = await authorizedFetch({
    url: contractUrl(contract, input),
    method: contract.method,
    body: input.body,
    anonymous: input.anonymous ?? contract.access === 'public',
    signal: input.signal,
    accept: '*/*',
    // A combined PDF or a large export may take a while to start: wait longer than for an ordinary call.
    timeoutMs: input.timeoutMs ?? 300_000,
  });
  if (!res.ok) {
    const body = (await res.json().catch(() => null)) as ConstructorParameters<typeof ApiError>[1];
    throw new ApiError(res.status, body);
  }
  saveBlob(await res.blob(), fileNameFrom(res.headers.get('Content-Disposition'), fallbackName));
}

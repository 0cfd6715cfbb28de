import { type RouteContract, textOf } from '@meridian/domain';
import type { z, ZodType } from 'zod';
import { getSession } from '../session/session-store';
import { ApiError, NetworkError } from './api-error';

type Schema<T> = NonNullable<T> extends ZodType ? NonNullable<T> : never;

/** What a call to contract C needs: path params, query and body, typed by the contract. */
export interface CallInput<C extends RouteContract> {
  params?: z.input<Schema<C['params']>>;
  query?: z.input<Schema<C['query']>>;
  body?: z.input<Schema<C['body']>>;
  signal?: AbortSignal;
  /** Do not send the bearer token (public calls). Defaults to false. */
  anonymous?: boolean;
  /** How long to wait for the server's answer before giving up (NetworkError 'timeout'); DEFAULT_TIMEOUT_MS. */
  timeoutMs?: number;
}

/**
 * A call waits at most this long for the server to start answering, so a button never stays busy
 * for ever on a connection that hangs (docs/product/ui.md#when-a-call-fails). Long work runs as jobs.
 */
export const DEFAULT_TIMEOUT_MS = 60_000;
export type CallOutput<C extends RouteContract> = z.output<C['response']>;

/** Error code of a call refused in the browser because nobody is signed in. */
export const NO_SESSION = 'NO_SESSION';

/**
 * Called once when an authenticated call answers 401: may refresh the session and say whether
 * to retry. Registered by the session module (keeps this file free of session policy).
 */
let recoverFrom401: (() => Promise<boolean>) | null = null;
export function setUnauthorizedRecovery(fn: () => Promise<boolean>): void {
  recoverFrom401 = fn;
}

/**
 * Called when a call answers 403 STEP_UP_REQUIRED (docs/product/two-step-sign-in.md#confirm-its-you):
 * asks the person to confirm it's you and says whether they did, then the call is sent again once.
 * Registered by the session module.
 */
let confirmItsYou: (() => Promise<boolean>) | null = null;
export function setStepUpHandler(fn: (() => Promise<boolean>) | null): void {
  confirmItsYou = fn;
}

/** The error code of a 403 that a recent second step would cure. */
export const STEP_UP_REQUIRED = 'STEP_UP_REQUIRED';

/** Whether a 403 asks for a recent second step (read from a copy: the caller reads the answer itself). */
async function asksStepUp(res: Response): Promise<boolean> {
  if (res.status !== 403) return false;
  try {
    const body = (await res.clone().json()) as { code?: unknown } | null;
    return body?.code === STEP_UP_REQUIRED;
  } catch {
    return false;
  }
}

function buildUrl(path: string, params?: Record<string, unknown>, query?: Record<string, unknown>): string {
  let url = path.replace(/:([A-Za-z_]+)/g, (_, name: string) => {
    const v = params?.[name];
    if (v === undefined || v === null) throw new Error(`Missing path parameter ${name} for ${path}`);
    return encodeURIComponent(textOf(v));
  });
  if (query) {
    const qs = new URLSearchParams();
    for (const [k, v] of Object.entries(query)) {
      if (v === undefined || v === null || v === '') continue;
      qs.set(k, textOf(v));
    }
    const s = qs.toString();
    if (s) url += `?${s}`;
  }
  return url;
}

async function send(request: TAuthorizedRequest): Promise<Response> {
  const headers: Record<string, string> = { Accept: request.accept ?? 'application/json' };
  const session = request.anonymous ? null : getSession();
  if (session) headers.Authorization = `Bearer ${session.accessToken}`;
  if (request.body !== undefined) headers['Content-Type'] = 'application/json';
  // The caller's cancel and our own deadline both stop the call; only ours is a timeout.
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, request.timeoutMs ?? DEFAULT_TIMEOUT_MS);
  const cancel = () => controller.abort();
  if (request.signal?.aborted) controller.abort();
  request.signal?.addEventListener('abort', cancel, { once: true });
  try {
    return await fetch(request.url, {
      method: request.method,
      headers,
      ...(request.body !== undefined ? { body: JSON.stringify(request.body) } : {}),
      signal: controller.signal,
      credentials: 'same-origin',
    });
  } catch (e) {
    if (timedOut) throw new NetworkError('timeout');
    if (e instanceof DOMException && e.name === 'AbortError') throw e;
    throw new NetworkError('offline');
  } finally {
    clearTimeout(timer);
    request.signal?.removeEventListener('abort', cancel);
  }
}

interface TAuthorizedRequest {
  url: string;
  method: string;
  body?: unknown;
  anonymous: boolean;
  signal?: AbortSignal | undefined;
  accept?: string;
  timeoutMs?: number | undefined;
}

/**
 * One HTTP call with the session's bearer token: nothing without a session (unless anonymous), and
 * a 401 is retried once after the session could be refreshed, a 403 STEP_UP_REQUIRED once after the
 * person confirmed it's you. Every call to the API goes through
 * here, JSON or file, so a token that expired meanwhile never fails only the downloads.
 */
export async function authorizedFetch(request: TAuthorizedRequest): Promise<Response> {
  // A call that needs a session does nothing without one.
  if (!request.anonymous && !getSession()) throw new ApiError(401, { code: NO_SESSION, message: 'No session' });
  let res = await send(request);
  if (res.status === 401 && !request.anonymous && getSession() && recoverFrom401) {
    if (await recoverFrom401()) res = await send(request);
  }
  // An export or a permission change asks for a recent second step: confirmed, the call is sent again once.
  if (!request.anonymous && confirmItsYou && (await asksStepUp(res))) {
    if (await confirmItsYou()) return send(request);
  }
  return res;
}

/** The address of a call to `contract`: path parameters filled in, the query appended. */
export function contractUrl<C extends RouteContract>(contract: C, input: Pick<CallInput<C>, 'params' | 'query'>): string {
  return buildUrl(contract.path, input.params as Record<string, unknown> | undefined, input.query as Record<string, unknown> | undefined);
}

/**
 * The fetch wrapper every API hook uses: adds `Authorization: Bearer`, turns error bodies into
 * ApiError, retries once after a 401 if the session could be refreshed, and checks the answer
 * against the contract's response schema (a mismatch is logged, not fatal).
 */
export async function apiCall<C extends RouteContract>(contract: C, input: CallInput<C> = {}): Promise<CallOutput<C>> {
  const anonymous = input.anonymous ?? contract.access === 'public';
  // A contract with an (optional) body gets at least {}: servers read a missing JSON body as null.
  const body: unknown = input.body ?? (contract.body && contract.method !== 'GET' ? {} : undefined);
  const res = await authorizedFetch({
    url: contractUrl(contract, input),
    method: contract.method,
    body,
    anonymous,
    signal: input.signal,
    timeoutMs: input.timeoutMs,
  });
  const text = await res.text();
  let data: unknown = null;
  if (text) {
    try {
      data = JSON.parse(text);
    } catch {
      if (res.ok) throw new NetworkError('bad-answer');
    }
  }
  if (!res.ok) throw new ApiError(res.status, data as ConstructorParameters<typeof ApiError>[1]);
  const parsed = contract.response.safeParse(data);
  if (!parsed.success) {
    console.warn(`Response of ${contract.method} ${contract.path} does not match its contract`, parsed.error.issues);
    return data as CallOutput<C>;
  }
  return parsed.data as CallOutput<C>;
}

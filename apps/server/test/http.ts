import type { LightMyRequestResponse } from 'fastify';
import { EMPTY_STAFF_PERMISSIONS, type jobsApi, type TSession, type TStaffMember, type TStaffPermissions } from '@meridian/domain';
import { HOST_A, type TTestApp } from './app.js';

type TMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface TCall {
  host?: string | undefined;
  /** A session or a raw bearer token. */
  as?: TSession | string | null | undefined;
  body?: unknown;
  query?: Record<string, string | number> | undefined;
  headers?: Record<string, string> | undefined;
  remoteAddress?: string | undefined;
  /**
   * A route that starts long work answers 202 with its job; call() follows the job to its end and answers
   * as the route did before it became a job (its result, its file, or its error with the error's status).
   * false: the 202 itself.
   */
  follow?: boolean;
}

/** One API call through the real app (host defaults to institution A). */
export async function call(t: TTestApp, method: TMethod, url: string, opts: TCall = {}): Promise<LightMyRequestResponse> {
  const headers: Record<string, string> = { host: opts.host ?? HOST_A, ...(opts.headers ?? {}) };
  if (opts.as) headers.authorization = `Bearer ${typeof opts.as === 'string' ? opts.as : opts.as.accessToken}`;
  const query = opts.query ? Object.fromEntries(Object.entries(opts.query).map(([k, v]) => [k, String(v)])) : undefined;
  const res = await t.app.inject({
    method,
    url,
    headers,
    ...(query ? { query } : {}),
    ...(opts.body !== undefined ? { payload: opts.body as object } : {}),
    ...(opts.remoteAddress ? { remoteAddress: opts.remoteAddress } : {}),
  });
  return opts.follow === false ? res : followJob(t, res, headers);
}

/** The end of the job a 202 names, answered as a synchronous route would (see TCall.follow). */
export async function followJob(
  t: TTestApp,
  res: LightMyRequestResponse,
  headers: Record<string, string>,
): Promise<LightMyRequestResponse> {
  const location = String(res.headers.location ?? '');
  if (res.statusCode !== 202 || !location.startsWith('/api/jobs/')) return res;
  const { host, authorization } = headers;
  const auth = { host: host ?? HOST_A, ...(authorization ? { authorization } : {}) };
  const until = Date.now() + 120_000;
  for (;;) {
    const polled = await t.app.inject({ method: 'GET', url: location, headers: auth });
    const job = polled.json<jobsApi.TJob>();
    if (job.status === 'completed' && job.fileName) return t.app.inject({ method: 'GET', url: `${location}/file`, headers: auth });
    if (job.status === 'completed' || job.status === 'failed') {
      const { status, ...error } = job.error ?? { status: 200 };
      const body = JSON.stringify(job.status === 'completed' ? job.result : error);
      return Object.assign(Object.create(Object.getPrototypeOf(polled) as object) as LightMyRequestResponse, polled, {
        statusCode: job.status === 'completed' ? 200 : (status ?? 500),
        body,
        payload: body,
        rawPayload: Buffer.from(body),
        json: () => JSON.parse(body) as unknown,
        job,
      });
    }
    if (Date.now() > until) throw new Error(`job ${location} did not finish: ${polled.body}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** Waits for a job the caller started to finish (completed or failed) and answers it as its requester sees it. */
export async function jobEnd(t: TTestApp, jobId: string, as: TSession, host = HOST_A): Promise<jobsApi.TJob> {
  const until = Date.now() + 120_000;
  for (;;) {
    const job = (await call(t, 'GET', `/api/jobs/${jobId}`, { as, host })).json<jobsApi.TJob>();
    if (job.status === 'completed' || job.status === 'failed') return job;
    if (Date.now() > until) throw new Error(`job ${jobId} did not finish: ${JSON.stringify(job)}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

export interface TMail {
  id: string;
  to_address: string;
  subject: string;
  text_body: string;
  purpose: string;
  institution_id: string;
  created_at: Date;
}

/** Outbox rows to one address, newest first (owner SQL: looks behind the API). */
export async function mailsTo(t: TTestApp, to: string): Promise<TMail[]> {
  return t.sql<TMail & Record<string, unknown>>('select * from outbox where lower(to_address) = lower($1) order by created_at desc, id', [
    to,
  ]);
}

/** The password-link URL in a mail body, and its token. */
export function linkIn(text: string): { url: string; token: string } {
  const m = /(https?:\/\/\S+\/#\/login(?:\/student)?\/pass-reset\/([A-Za-z0-9_-]+))/.exec(text);
  if (!m) throw new Error(`no password link in mail:\n${text}`);
  return { url: m[1]!, token: m[2]! };
}

/** The sign-in link URL in a mail body (docs/product/auth.md#sign-in-throttling), and its token. */
export function signInLinkIn(text: string): { url: string; token: string } {
  const m = /(https?:\/\/\S+\/#\/login(?:\/student)?\/sign-in\/([A-Za-z0-9_-]+))/.exec(text);
  if (!m) throw new Error(`no sign-in link in mail:\n${text}`);
  return { url: m[1]!, token: m[2]! };
}

/** A cookie the answer sets: its value and its attributes as written (null: none). */
export function setCookieOf(res: LightMyRequestResponse, name: string): { value: string; attributes: string } | null {
  const raw = res.headers['set-cookie'];
  const all = raw === undefined ? [] : Array.isArray(raw) ? raw : [String(raw)];
  const line = all.find((c) => c.startsWith(`${name}=`));
  if (!line) return null;
  const [pair, ...attrs] = line.split(';');
  return { value: pair!.slice(name.length + 1), attributes: attrs.map((a) => a.trim()).join('; ') };
}

/** The newest password link e-mailed to an address. */
export async function latestLink(t: TTestApp, to: string): Promise<{ url: string; token: string; mail: TMail }> {
  const [mail] = await mailsTo(t, to);
  if (!mail) throw new Error(`no mail to ${to}`);
  return { ...linkIn(mail.text_body), mail };
}

export const perms = (p: Partial<TStaffPermissions> = {}): TStaffPermissions => ({ ...EMPTY_STAFF_PERMISSIONS, ...p });

let seq = 0;
/** A unique, valid user name / e-mail pair for throwaway staff members. */
export function uniqueStaff(prefix = 'temp') {
  seq += 1;
  const userName = `${prefix}.${process.pid}.${Date.now().toString(36)}.${seq}`;
  return { userName, email: `${userName}@staff.example.edu`, firstName: 'Temp', lastName: `Member${seq}` };
}

/** Invites a throwaway staff member (as the given super user or officer) and returns them. */
export async function inviteStaff(
  t: TTestApp,
  as: TSession,
  opts: { host?: string | undefined; permissions?: TStaffPermissions | undefined; prefix?: string | undefined } = {},
): Promise<TStaffMember> {
  const res = await call(t, 'POST', '/api/staff', {
    host: opts.host,
    as,
    body: { ...uniqueStaff(opts.prefix), permissions: opts.permissions ?? perms() },
  });
  if (res.statusCode !== 200) throw new Error(`invite failed: ${res.statusCode} ${res.body}`);
  return res.json<TStaffMember>();
}

/** Ids of the demo users of one institution, by user name. */
export async function userIds(t: TTestApp, institutionId: string): Promise<Record<string, string>> {
  const rows = await t.sql<{ id: string; user_name: string }>('select id, user_name from users where institution_id = $1', [institutionId]);
  return Object.fromEntries(rows.map((r) => [r.user_name, r.id]));
}

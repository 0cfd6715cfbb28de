/**
 * Generated input on every route (docs/product/operations.md#generated-input-test): for each row of
 * the authorization matrix, a signed-in caller the route serves (and once an anonymous caller)
 * sends path params, queries and bodies drawn from the route's own zod contract
 * (generated-input.arbitraries.ts) around the matrix's working request, and, on upload routes,
 * malformed multipart bodies (generated-input.multipart.ts). Every answer must be below 500 (503
 * included), every error body must be {code, message, fieldErrors?}, and no refused answer may
 * leave a changed row behind (a route that starts a job is followed to the job's end, which answers) (generated-input.changes.ts; the audit trail and the sign-in throttle
 * are meant to change and are left out).
 *
 * Fixed seed, bounded runs per route: GENERATED_INPUT_RUNS raises the runs for a deeper local hunt,
 * GENERATED_INPUT_SEED changes the draw, GENERATED_INPUT_ROUTES (a substring) runs some routes only,
 * GENERATED_INPUT_ALL_CALLERS=1 draws for every signed-in caller the route serves.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { MSG, ZErrorBody, type RouteContract, type TSession } from '@meridian/domain';
import { registeredContracts } from '../src/platform/http/route.js';
import { createTestApp, HOST_A, type TTestApp } from './app.js';
import {
  AUTHORIZATION_MATRIX,
  CALLERS,
  createMatrixContext,
  signInCallers,
  type TCaller,
  type TMatrixContext,
  type TMatrixRow,
  type TRequest,
  type TSessions,
} from './authorization-matrix.js';
import { inputArbitrary, pathParams, pct, queryString, type TIdPools } from './generated-input.arbitraries.js';
import { installChangeLog, takeChanges, unexpectedChanges } from './generated-input.changes.js';
import { multipartArbitrary, type TRawBody } from './generated-input.multipart.js';
import { followJob } from './http.js';

const SEED = Number(process.env.GENERATED_INPUT_SEED ?? 20_260_301);
/** Samples per route for the signed-in caller, and for the anonymous one. */
const RUNS = Number(process.env.GENERATED_INPUT_RUNS ?? 40);
const ANONYMOUS_RUNS = 3;
/** The matrix's working request is built afresh every this many samples (and after a change used it up). */
const REFRESH_EVERY = 12;
const ONLY = process.env.GENERATED_INPUT_ROUTES;
/** Every signed-in caller the route serves, not only the first (a deeper local hunt: other callers take other policy paths). */
const ALL_CALLERS = !!process.env.GENERATED_INPUT_ALL_CALLERS;
/** A file to write each route's answers by status to (to see what the draw reached). */
const STATS = process.env.GENERATED_INPUT_STATS;
const stats: Record<string, Record<string, number>> = {};
const found: Record<string, string[]> = {};
/** What the error handler answers when PostgreSQL refused a value the contract let through (error-handler.ts). */
const DATA_EXCEPTION_FALLBACK = JSON.stringify({ code: 'VALIDATION', message: MSG.invalidValue, fieldErrors: { _: [MSG.invalidValue] } });

type TMethod = TMatrixRow['method'];
type TSignedIn = Exclude<TCaller, 'anonymous'>;

let t: TTestApp;
let m: TMatrixContext;
let sessions: TSessions;
let pools: TIdPools;
let originalSettings: Record<string, unknown>;
const contracts = new Map<string, RouteContract>();
const key = (method: string, path: string) => `${method} ${path}`;

beforeAll(async () => {
  t = await createTestApp();
  for (const c of registeredContracts) contracts.set(key(c.method, c.path), c);
  sessions = await signInCallers(t);
  m = await createMatrixContext(t, () => sessions.admin);
  originalSettings = await m.settings();
  // Rows of the other institution: ids a caller of institution A must never reach.
  const idTables = await t.sql<{ table_name: string; data_type: string }>(
    `select c.table_name, c.data_type from information_schema.columns c
      join information_schema.columns i on i.table_schema = c.table_schema and i.table_name = c.table_name and i.column_name = 'institution_id'
     where c.table_schema = 'public' and c.column_name = 'id' order by 1`,
  );
  const foreignUuids: string[] = [];
  const foreignInts: number[] = [];
  for (const r of idTables) {
    const rows = await t.sql<{ id: string | number }>(`select id from "${r.table_name}" where institution_id = $1 order by id limit 3`, [
      t.institutionB,
    ]);
    for (const row of rows) {
      if (r.data_type === 'uuid') foreignUuids.push(String(row.id));
      else foreignInts.push(Number(row.id));
    }
  }
  pools = { foreignUuids, foreignInts };
  await installChangeLog(t);
  await takeChanges(t);
});
afterAll(async () => {
  if (STATS) (await import('node:fs')).writeFileSync(STATS, JSON.stringify({ stats, found }, null, 1));
  await t?.close();
});

/** The signed-in caller the route serves: the first role the matrix answers 2xx, else one it does not refuse. */
function callerFor(row: TMatrixRow): TSignedIn {
  const roles = CALLERS.filter((c): c is TSignedIn => c !== 'anonymous');
  return roles.find((r) => row.expect[r] < 300) ?? roles.find((r) => row.expect[r] !== 401 && row.expect[r] !== 403) ?? 'admin';
}

function servedCallers(row: TMatrixRow): TSignedIn[] {
  const served = CALLERS.filter((c): c is TSignedIn => c !== 'anonymous' && row.expect[c] < 300);
  return served.length ? served : [callerFor(row)];
}

interface TCase {
  /** A whole address as sent (not drawn from params and query). */
  url?: string;
  params?: unknown;
  query?: unknown;
  body?: unknown;
  raw?: TRawBody | undefined;
}

function urlOf(path: string, params: unknown, base: Record<string, string> | undefined, query: unknown): string {
  const p = pathParams(params);
  const filled = path.replace(/:([A-Za-z]+)/g, (_, k: string) => pct(p[k] ?? base?.[k] ?? ''));
  return filled + queryString(query);
}

async function send(method: TMethod, url: string, as: TSession | null, c: TCase): Promise<LightMyRequestResponse> {
  const headers: Record<string, string> = { host: HOST_A };
  if (as) headers.authorization = `Bearer ${as.accessToken}`;
  let payload: string | Buffer | undefined;
  if (c.raw) {
    Object.assign(headers, c.raw.headers);
    payload = c.raw.payload;
  } else if (c.body !== undefined) {
    headers['content-type'] = 'application/json';
    payload = JSON.stringify(c.body);
  }
  // A route that starts a job is judged by the job's end, and its writes happen before the next sample.
  return followJob(t, await t.app.inject({ method, url, headers, ...(payload !== undefined ? { payload } : {}) }), headers);
}

/** Bodies no schema draws: not JSON, the wrong content type, too large. */
const ENVELOPES: TRawBody[] = [
  { payload: '{"a":', headers: { 'content-type': 'application/json' }, label: 'cut-off JSON' },
  { payload: '', headers: { 'content-type': 'application/json' }, label: 'an empty JSON body' },
  { payload: 'null', headers: { 'content-type': 'application/json' }, label: 'JSON null' },
  { payload: 'a=1&b=2', headers: { 'content-type': 'application/x-www-form-urlencoded' }, label: 'a form body' },
  { payload: '{"__proto__":{"isSuperUser":true}}', headers: { 'content-type': 'application/json' }, label: 'a __proto__ key' },
  { payload: `{"a":"${'x'.repeat(1_100_000)}"}`, headers: { 'content-type': 'application/json' }, label: 'over 1 MB of JSON' },
];

function cut(v: unknown, n = 300): string {
  const s =
    typeof v === 'string'
      ? v
      : (JSON.stringify(v, (_k, x: unknown) => (typeof x === 'string' && x.length > 80 ? `${x.slice(0, 80)}…(${x.length})` : x)) ??
        String(v));
  return s.length > n ? `${s.slice(0, n)}…` : s;
}

/**
 * The cases of one caller on one route. The matrix's working request is built afresh every
 * REFRESH_EVERY samples, and after an answer that used it up (`used()`: a 2xx of a route that
 * changes something), so mutating routes keep reaching their operation.
 */
async function* casesFor(
  name: string,
  row: TMatrixRow,
  contract: RouteContract | undefined,
  caller: TCaller,
  runs: number,
  used: () => boolean,
): AsyncGenerator<{ c: TCase; base: TRequest }> {
  let base: TRequest | undefined;
  let arb: fc.Arbitrary<TCase> = fc.constant({});
  let age = 0;
  let upload = false;
  for (let i = 0; i < runs; i++) {
    if (!base || age >= REFRESH_EVERY || used()) {
      base = await row.request(m);
      age = 0;
      const contentType = base.headers?.['content-type'] ?? '';
      upload = Buffer.isBuffer(base.body) && contentType.startsWith('multipart/form-data');
      arb = fc.record({
        // Path params keep the working record most of the time: a record not found answers before the body is read.
        params: contract?.params
          ? fc.oneof(
              { weight: 3, arbitrary: fc.constant(base.params) },
              { weight: 1, arbitrary: inputArbitrary(contract.params, base.params, pools) },
            )
          : fc.constant(base.params),
        query: contract?.query ? inputArbitrary(contract.query, base.query, pools) : fc.constant(base.query),
        body: upload || !contract?.body ? fc.constant(base.body) : inputArbitrary(contract.body, base.body, pools),
        raw: upload ? multipartArbitrary(base.body as Buffer, contentType).map((r): TRawBody | undefined => r) : fc.constant(undefined),
      });
    }
    age += 1;
    const [c] = fc.sample(arb, { seed: SEED + hash(`${name} ${caller} ${i}`), numRuns: 1 });
    yield { c: c!, base };
  }
  if (!base || caller === 'anonymous') return;
  if (contract?.body && !upload) for (const raw of ENVELOPES) yield { c: { params: base.params, raw }, base };
  if (row.path.includes(':')) {
    // a broken %-escape where a path parameter goes
    yield { c: { url: row.path.replace(/:[A-Za-z]+/, '%E0%A4%A') + queryString(base.query) }, base };
  }
  if (contract?.query) {
    // bytes that are not UTF-8 in a query value, and a broken %-escape
    const q = queryString(base.query);
    yield { c: { url: `${urlOf(row.path, base.params, base.params, undefined)}${q ? `${q}&` : '?'}q=%FF%FE%ZZ` }, base };
  }
}

function hash(s: string): number {
  let h = 0;
  for (const ch of s) h = (Math.imul(h, 31) + ch.charCodeAt(0)) | 0;
  return h & 0x7fffffff;
}

/** A session that still works: a call may have ended it (sign-out, a permission change). */
async function sessionOf(caller: TSignedIn, fresh: boolean): Promise<TSession> {
  if (fresh) {
    await t.sql('delete from login_throttle');
    sessions[caller] = await t.login(caller);
  }
  return sessions[caller];
}

async function stillSignedIn(s: TSession): Promise<boolean> {
  const res = await t.app.inject({
    method: 'GET',
    url: '/api/auth/me',
    headers: { host: HOST_A, authorization: `Bearer ${s.accessToken}` },
  });
  return res.statusCode === 200;
}

const rows = AUTHORIZATION_MATRIX.filter((r) => !ONLY || key(r.method, r.path).includes(ONLY));

describe('generated input on every route', () => {
  it('covers every registered route', () => {
    if (ONLY) return;
    const inMatrix = new Set(AUTHORIZATION_MATRIX.map((r) => key(r.method, r.path)));
    expect([...contracts.keys()].filter((k) => !inMatrix.has(k))).toEqual([]);
  });

  describe.each(rows.map((row) => [key(row.method, row.path), row] as const))('%s', (name, row) => {
    it('never answers 5xx, answers errors as {code, message, fieldErrors?}, and changes nothing when it refuses', async () => {
      const contract = contracts.get(name);
      const problems: string[] = [];
      const signedIn = ALL_CALLERS ? servedCallers(row) : [callerFor(row)];
      for (const caller of [...signedIn, 'anonymous'] as const) {
        const runs = caller === 'anonymous' ? ANONYMOUS_RUNS : row.consumesSession ? Math.min(RUNS, 6) : RUNS;
        let session = caller === 'anonymous' ? null : await sessionOf(caller, !!row.consumesSession);
        let used = false;
        for await (const { c, base } of casesFor(name, row, contract, caller, runs, () => used)) {
          await takeChanges(t); // what building the working request wrote
          const url = c.url ?? urlOf(row.path, c.params, base.params, c.query);
          const res = await send(row.method, url, session, c);
          const changes = unexpectedChanges(name, res.statusCode, await takeChanges(t));
          const what = `${res.statusCode} ${row.method} ${cut(url, 200)} as ${caller}${c.raw ? ` [${c.raw.label}]` : ''}${
            c.body !== undefined && !c.raw ? ` body=${cut(c.body)}` : ''
          }`;
          used = row.method !== 'GET' && res.statusCode < 300;
          const tally = (stats[`${name} as ${caller}`] ??= {});
          tally[res.statusCode] = (tally[res.statusCode] ?? 0) + 1;
          if (res.body === DATA_EXCEPTION_FALLBACK)
            problems.push(`${what}: PostgreSQL refused a value the contract let through (no field named)`);
          if (res.statusCode >= 500) problems.push(`${what} → ${cut(res.body)}`);
          if (res.statusCode >= 400) {
            let body: unknown;
            try {
              body = res.json();
            } catch {
              body = res.body;
            }
            if (!ZErrorBody.strict().safeParse(body).success)
              problems.push(`${what}: error body is not {code, message, fieldErrors?}: ${cut(res.body)}`);
            if (changes.length) problems.push(`${what}: refused but changed ${cut(changes.map((x) => `${x.op} ${x.table} ${x.row}`))}`);
          }
          if (session && res.statusCode === 401 && row.access !== 'public' && !(await stillSignedIn(session))) {
            session = await sessionOf(caller as TSignedIn, true);
          }
          if (row.consumesSession && session && res.statusCode < 300) session = await sessionOf(caller as TSignedIn, true);
        }
      }
      // Sign-in routes count failures; settings the route may have changed go back for the next routes.
      await t.sql('delete from login_throttle');
      if (name === 'PUT /api/institution/settings') {
        await send('PUT', '/api/institution/settings', await sessionOf('admin', !(await stillSignedIn(sessions.admin))), {
          body: originalSettings,
        });
      }
      await takeChanges(t);
      if (problems.length) found[name] = problems;
      expect(problems).toEqual([]);
    }, 300_000);
  });
});

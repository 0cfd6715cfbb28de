import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authApi, MSG, type TSession } from '@meridian/domain';
import { registeredContracts } from '../src/platform/http/route.js';
import { createTestApp, HOST_A, HOST_B, type TTestApp } from './app.js';
import {
  AUTHORIZATION_MATRIX,
  CALLERS,
  createMatrixContext,
  fillPath,
  signInCallers,
  type TMatrixContext,
  type TMatrixRow,
  type TSessions,
} from './authorization-matrix.js';
import { buildScholarCase, buildUser } from './factories/index.js';
import { call, perms } from './http.js';

let t: TTestApp;
let m: TMatrixContext;
let sessions: TSessions;
let adminB: TSession;

const key = (method: string, path: string) => `${method} ${path}`;

beforeAll(async () => {
  t = await createTestApp();
  sessions = await signInCallers(t);
  adminB = await t.login('admin', { host: HOST_B });
  m = await createMatrixContext(t, sessions.admin);
});
afterAll(async () => {
  await t?.close();
});

async function callAs(row: TMatrixRow, as: TSession | string | null, host: string) {
  const req = await row.request(m);
  return call(t, row.method, fillPath(row.path, req.params), { host, as, body: req.body, query: req.query, headers: req.headers });
}

describe('the authorization matrix', () => {
  it('lists every registered route, and only registered routes', () => {
    const registered = new Set(registeredContracts.map((c) => key(c.method, c.path)));
    const inMatrix = AUTHORIZATION_MATRIX.map((r) => key(r.method, r.path));
    expect(new Set(inMatrix).size, 'a route appears twice in the matrix').toBe(inMatrix.length);
    expect(
      [...registered].filter((k) => !inMatrix.includes(k)),
      'registered routes missing from the matrix',
    ).toEqual([]);
    expect(
      inMatrix.filter((k) => !registered.has(k)),
      'matrix rows without a registered route',
    ).toEqual([]);
  });

  it('declares the same permission as each route contract', () => {
    const declared = Object.fromEntries(registeredContracts.map((c) => [key(c.method, c.path), c.access]));
    expect(Object.fromEntries(AUTHORIZATION_MATRIX.map((r) => [key(r.method, r.path), r.access]))).toEqual(declared);
  });

  it('covers every API path the OpenAPI document publishes', async () => {
    const doc = (await call(t, 'GET', '/api/openapi.json')).json<{ paths: Record<string, Record<string, unknown>> }>();
    const published = Object.entries(doc.paths).flatMap(([p, ops]) =>
      Object.keys(ops).map((method) => key(method.toUpperCase(), p.replace(/\{([^}]+)\}/g, ':$1'))),
    );
    expect(published.length).toBeGreaterThan(0);
    const inMatrix = AUTHORIZATION_MATRIX.map((r) => key(r.method, r.path));
    expect(published.filter((k) => !inMatrix.includes(k))).toEqual([]);
  });
});

describe.each(AUTHORIZATION_MATRIX.map((row) => [key(row.method, row.path), row] as const))('%s', (_name, row) => {
  it('answers each caller of institution A as the matrix says', async () => {
    const got: Record<string, number> = {};
    for (const caller of CALLERS) {
      const session = caller === 'anonymous' ? null : row.consumesSession ? await t.login(caller) : sessions[caller];
      const res = await callAs(row, session, HOST_A);
      got[caller] = res.statusCode;
      if (res.statusCode === 401 && row.access !== 'public')
        expect(res.json(), `${caller}: 401 body`).toMatchObject({ code: 'UNAUTHENTICATED' });
      if (res.statusCode === 403) expect(res.json(), `${caller}: 403 body`).toEqual({ code: 'FORBIDDEN', message: MSG.noAccessPage });
    }
    expect(got).toEqual(row.expect);
  });

  it("refuses institution B's token on institution A's host", async () => {
    const session = row.consumesSession ? await t.login('admin', { host: HOST_B }) : adminB;
    const res = await callAs(row, session, HOST_A);
    // The token is no token here: public routes answer as they do anonymously, the rest 401.
    expect(res.statusCode).toBe(row.access === 'public' ? row.expect.anonymous : 401);
    if (row.consumesSession) {
      // ...and it did not end B's session either.
      expect((await call(t, 'GET', '/api/auth/me', { host: HOST_B, as: session })).statusCode).toBe(200);
    }
  });

  if (row.foreignRecord) {
    it("does not find institution A's record for institution B's super user on B's host", async () => {
      const res = await callAs(row, adminB, HOST_B);
      if (row.foreignRecord === 404) {
        expect(res.statusCode).toBe(404);
        expect(res.json()).toEqual({ code: 'NOT_FOUND', message: MSG.notFound });
      } else {
        expect(res.statusCode).toBe(200);
        expect(res.json()).toMatchObject({ items: [], total: 0 });
      }
    });
  }
});

// docs/product/integration-tokens.md#scopes: a token acts for its issuer, only within its scopes. A
// students:read token of institution A's super user answers as the super user on the GET routes of the
// student area and on its own jobs, 403 OUTSIDE_SCOPE everywhere else; public routes ignore it.
describe('an integration token with the students:read scope', () => {
  let token = '';
  let tokenId = '';
  beforeAll(async () => {
    const res = await call(t, 'POST', '/api/integration-tokens', {
      as: sessions.admin,
      body: { name: 'matrix walk', scopes: ['students:read'], expiresInDays: 30 },
    });
    ({ secret: token } = res.json<{ secret: string }>());
    tokenId = res.json<{ token: { id: string } }>().token.id;
  });

  it.each(AUTHORIZATION_MATRIX.map((row) => [key(row.method, row.path), row] as const))('%s', async (_name, row) => {
    // The walk makes more calls than one token may make in a minute.
    await t.sql('update integration_tokens set window_count = 0 where id = $1', [tokenId]);
    const res = await callAs(row, token, HOST_A);
    const inScope =
      row.method === 'GET' && (row.access === 'students.read' || (row.access === 'authenticated' && row.path.startsWith('/api/jobs')));
    if (row.access === 'public') expect(res.statusCode).toBe(row.expect.anonymous);
    else if (inScope) expect(res.statusCode).toBe(row.expect.admin);
    else {
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ code: 'OUTSIDE_SCOPE', message: authApi.MSG_INTEGRATION.outsideScope });
    }
  });
});

// docs/product/people.md#scholar-area-permission: an officer of every campus site whose scholar area the office
// closed (every scholar action unticked) is refused on every scholar route, and cannot open a scholar case's
// request through the request pages either.
describe('a staff member whose scholar area is closed', () => {
  let closed: TSession;
  beforeAll(async () => {
    const u = await buildUser(t, {
      role: 'isssAdmin',
      canSignIn: true,
      staffPermissions: perms({
        isOfficer: true,
        scholarArea: { view: false, edit: false, process: false, export: false, visaTypes: [], departmentIds: [] },
      }),
    });
    closed = await t.login(u.userName);
  });

  const scholarRows = AUTHORIZATION_MATRIX.filter((r) => r.path.startsWith('/api/scholars') || r.access.startsWith('scholars.'));
  it('is a walk over more than the office routes', () => {
    expect(scholarRows.length).toBeGreaterThan(25);
  });
  it.each(scholarRows.map((row) => [key(row.method, row.path), row] as const))('%s', async (_name, row) => {
    const res = await callAs(row, closed, HOST_A);
    expect([403, 404], `${res.statusCode} ${res.body}`).toContain(res.statusCode);
  });

  it("does not find a scholar case's sponsorship request, nor list it", async () => {
    const id = (await buildScholarCase(t, {})).sponsorshipRequestId;
    expect((await call(t, 'GET', `/api/requests/${id}`, { as: sessions.officer })).statusCode).toBe(200);
    expect((await call(t, 'GET', `/api/requests/${id}`, { as: closed })).statusCode).toBe(404);
    const list = await call(t, 'GET', '/api/requests', { as: closed, query: { area: 'scholar', pageSize: 100 } });
    expect(list.statusCode).toBe(200);
    expect(list.json<{ items: { id: string }[] }>().items.map((r) => r.id)).not.toContain(id);
  });
});

describe('refused calls', () => {
  it('are recorded in the audit trail with who tried which route', async () => {
    const res = await call(t, 'GET', '/api/staff', { as: sessions.scholar });
    expect(res.statusCode).toBe(403);
    const rows = await t.sql('select entity_id from audit_events where action = $1 and actor_user_id = $2', [
      'authorization.refused',
      m.ids.scholar,
    ]);
    expect(rows.map((r) => r.entity_id)).toContain('GET /api/staff');
  });
});

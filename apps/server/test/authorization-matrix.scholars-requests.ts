import type { TExpect, TMatrixRow } from './authorization-matrix.js';
import type { TTestApp } from './app.js';
import { buildRequest, buildScholarCase, buildUser, requestTypeIdOf } from './factories/index.js';

/**
 * The scholars module's request routes (docs/product/scholars-portal.md#requests,
 * docs/product/scholars-office.md#start-a-request): a scholar request's own form, and starting a request from
 * a case. The form's record is a contact update of the demo scholar (Main Campus, Physics): office staff who
 * process requests there read it (the assistant does not process requests), as do its department and the
 * scholar; only the scholar writes it.
 */
const scholarRequest = async (t: TTestApp) =>
  (await buildRequest(t, { requester: 'scholar', typeCode: 'contact_info_update', status: 'draft', site: 'MAIN', department: 'PHYS' })).id;

/** A case of Physics whose scholar has a portal account (a request is about the scholar it names). */
async function caseWithAccount(t: TTestApp, o: Parameters<typeof buildScholarCase>[1] = {}): Promise<string> {
  const u = await buildUser(t, { role: 'scholar' });
  return (await buildScholarCase(t, { user: u.userName, processedState: 'J-1', proposedStatus: 'J-1', applicationState: 'draft', ...o }))
    .applicationId;
}

const readers: TExpect = { anonymous: 401, admin: 200, officer: 200, assistant: 403, dept: 200, scholar: 200, student: 404 };
const owner: TExpect = { anonymous: 401, admin: 403, officer: 403, assistant: 403, dept: 403, scholar: 200, student: 404 };
// Office staff of the scholar area who edit or process the case (the demo staff all do); requesters never.
const office: TExpect = { anonymous: 401, admin: 200, officer: 200, assistant: 200, dept: 403, scholar: 403, student: 403 };
// The case's hiring department (Physics) only.
const department: TExpect = { anonymous: 401, admin: 403, officer: 403, assistant: 403, dept: 200, scholar: 403, student: 403 };

export const SCHOLARS_REQUESTS_MATRIX: TMatrixRow[] = [
  {
    method: 'GET',
    path: '/api/scholars/requests/:requestId/data',
    access: 'requests.read',
    foreignRecord: 404,
    request: async (m) => ({ params: { requestId: await scholarRequest(m.t) } }),
    expect: readers,
  },
  // (no foreignRecord: institution B's super user is refused by the function check first)
  {
    method: 'PUT',
    path: '/api/scholars/requests/:requestId/data',
    access: 'requests.create',
    request: async (m) => ({ params: { requestId: await scholarRequest(m.t) }, body: { data: { new_email: 'ingrid.new@example.edu' } } }),
    expect: owner,
  },
  {
    method: 'GET',
    path: '/api/scholars/office/cases/:applicationId/startable-request-types',
    access: 'scholars.read',
    foreignRecord: 404,
    request: async (m) => ({ params: { applicationId: await caseWithAccount(m.t) } }),
    expect: office,
  },
  {
    method: 'POST',
    path: '/api/scholars/office/cases/:applicationId/start-request',
    access: 'scholars.read',
    foreignRecord: 404,
    request: async (m) => ({
      params: { applicationId: await caseWithAccount(m.t) },
      body: { requestTypeId: await requestTypeIdOf(m.t, 'demographic_update') },
    }),
    expect: office,
  },
  {
    method: 'GET',
    path: '/api/scholars/department/cases/:applicationId/startable-request-types',
    access: 'scholars.department',
    request: async (m) => ({ params: { applicationId: await caseWithAccount(m.t) } }),
    expect: department,
  },
  {
    method: 'POST',
    path: '/api/scholars/department/cases/:applicationId/start-request',
    access: 'scholars.department',
    request: async (m) => ({
      params: { applicationId: await caseWithAccount(m.t) },
      body: { requestTypeId: await requestTypeIdOf(m.t, 'amend_program_request') },
    }),
    expect: department,
  },
];

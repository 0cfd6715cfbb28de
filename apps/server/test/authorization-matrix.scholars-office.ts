import type { TExpect, TMatrixRow, TRequest } from './authorization-matrix.js';
import { buildScholarCase, j1ApplicationData, officeToday, siteIdOf } from './factories/index.js';

/** A few random letters: a distinct SEVIS-valid name per matrix caller. */
const lettersOnly = () => Array.from({ length: 6 }, () => String.fromCharCode(65 + Math.floor(Math.random() * 26))).join('');

// scholars.read / scholars.manage: office staff of the scholar area (super users, officers, assistants);
// scholars.configure: super users and officers. Department users and scholars never reach office routes.
const STAFF: TExpect = { anonymous: 401, admin: 200, officer: 200, assistant: 200, dept: 403, scholar: 403, student: 403 };
const CONFIGURE: TExpect = { anonymous: 401, admin: 200, officer: 200, assistant: 403, dept: 403, scholar: 403, student: 403 };
const CASE = '/api/scholars/office/cases/:applicationId';
const today = () => officeToday();

/** A fresh case of the given kind per call, so every caller meets version 1. */
const onCase =
  (o: Parameters<typeof buildScholarCase>[1], body?: unknown) =>
  async (m: { t: Parameters<typeof buildScholarCase>[0] }): Promise<TRequest> => ({
    params: { applicationId: (await buildScholarCase(m.t, o)).applicationId },
    ...(body !== undefined ? { body } : {}),
  });

/** Review Sponsorship Request, the scholar profile's tabs, status changes, account settings and templates. */
export const SCHOLARS_OFFICE_MATRIX: TMatrixRow[] = [
  { method: 'GET', path: CASE, access: 'scholars.read', foreignRecord: 404, request: onCase({}), expect: STAFF },
  {
    method: 'POST',
    path: `${CASE}/process`,
    access: 'scholars.process',
    foreignRecord: 404,
    request: onCase({}, { processAs: 'H-1B', version: 1 }),
    expect: STAFF,
  },
  {
    method: 'POST',
    path: `${CASE}/status`,
    access: 'scholars.process',
    foreignRecord: 404,
    request: onCase({ processedState: 'H-1B' }, { phase: 'isss_review', status: 'in_progress', changeDate: today(), version: 1 }),
    expect: STAFF,
  },
  {
    method: 'PUT',
    path: `${CASE}/office-data`,
    access: 'scholars.manage',
    foreignRecord: 404,
    request: onCase({ processedState: 'H-1B' }, { officeData: { lcaNumber: 'I-200-27001-000001', wageLevel: 'II' }, version: 1 }),
    expect: STAFF,
  },
  {
    method: 'POST',
    path: `${CASE}/exchange-visitor`,
    access: 'scholars.process',
    foreignRecord: 404,
    // Office staff who edit student records of the case's campus site (Main Campus; the demo assistant may).
    request: async (m) => ({
      params: {
        applicationId: (
          await buildScholarCase(m.t, {
            processedState: 'J-1',
            proposedStatus: 'J-1',
            applicationState: 'draft',
            campusSiteId: await siteIdOf(m.t, 'MAIN'),
            // Names of letters only, as SEVIS takes them (S1148), and a new person for each caller.
            firstName: 'Ingrid',
            lastName: `Halvorsen ${lettersOnly()}`,
            data: j1ApplicationData(),
          })
        ).applicationId,
      },
      body: { evPositionCode: '213', gender: 'F', birthCity: 'Oslo', birthCountryCode: 'NO', citizenshipCountryCode: 'NO', version: 1 },
    }),
    expect: STAFF,
  },
  {
    method: 'PUT',
    path: `${CASE}/premium-processing`,
    access: 'scholars.manage',
    foreignRecord: 404,
    request: onCase({ processedState: 'H-1B' }, { premiumProcessing: { premiumProcessFlag: true, fee: '2805' }, version: 1 }),
    expect: STAFF,
  },
  {
    method: 'PUT',
    path: `${CASE}/employment`,
    access: 'scholars.manage',
    foreignRecord: 404,
    request: onCase({ processedState: 'F-1 OPT/STEM' }, { employment: { employerName: 'Matrix Labs', opt: true }, version: 1 }),
    expect: STAFF,
  },
  {
    method: 'GET',
    path: `${CASE}/requests`,
    access: 'scholars.read',
    foreignRecord: 404,
    request: onCase({ processedState: 'J-1' }),
    expect: STAFF,
  },
  {
    method: 'GET',
    path: `${CASE}/documents`,
    access: 'scholars.read',
    foreignRecord: 404,
    request: onCase({ processedState: 'O-1' }),
    expect: STAFF,
  },
  {
    method: 'GET',
    path: `${CASE}/history`,
    access: 'scholars.read',
    foreignRecord: 404,
    request: onCase({ processedState: 'H-1B' }),
    expect: STAFF,
  },
  { method: 'GET', path: '/api/scholars/office/account-settings', access: 'scholars.configure', request: () => ({}), expect: CONFIGURE },
  {
    method: 'PUT',
    path: '/api/scholars/office/account-settings',
    access: 'scholars.configure',
    request: () => ({ body: { h1bInfoVisibleToDept: false, o1InfoVisibleToDept: false, endDateAlertOffsets: [60, 30] } }),
    expect: CONFIGURE,
  },
  { method: 'GET', path: '/api/scholars/office/templates', access: 'scholars.configure', request: () => ({}), expect: CONFIGURE },
  {
    method: 'PUT',
    path: '/api/scholars/office/templates/:code',
    access: 'scholars.configure',
    request: () => ({ params: { code: 'o1_extension_application' }, body: { questionnaireIds: [], documentIds: [] } }),
    expect: CONFIGURE,
  },
];

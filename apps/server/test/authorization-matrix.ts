/**
 * The authorization matrix: every registered route × every caller → the status they must get,
 * written out by hand from the permission catalogue (packages/domain/src/permissions.ts), so a
 * change to a route's permission or to the catalogue shows up here as a failing expectation.
 *
 * Callers are anonymous and the demo users of institution A. authorization-matrix.test.ts walks
 * every row, plus a user of institution B (their token against host A must answer 401 on every
 * non-public route; on their own host, institution A's record ids must not be found).
 */
import type { TRouteAccess, TSession } from '@meridian/domain';
import type { TTestApp } from './app.js';
import { DEMO_PASSWORD } from './app.js';
import { call, inviteStaff, latestLink, perms, uniqueStaff, userIds } from './http.js';
import { buildSignInLink } from './factories/index.js';
import { fileBody } from './sevis-results-fixtures.js';
import { REQUEST_MATRIX_ROWS } from './authorization-matrix-requests.js';
import { ATTACHMENTS_MATRIX } from './authorization-matrix.attachments.js';
import { FORMS_MATRIX } from './authorization-matrix.forms.js';
import { STUDENTS_RECORDS_MATRIX } from './authorization-matrix.students-records.js';
import { STUDENTS_LIST_MATRIX } from './authorization-matrix.students-list.js';
import { STUDENTS_REQUESTS_MATRIX } from './authorization-matrix.students-requests.js';
import { STUDENTS_PORTAL_MATRIX } from './authorization-matrix.students-portal.js';
import { STUDENTS_INTAKE_MATRIX } from './authorization-matrix.students-intake.js';
import { STUDENTS_ACTIVE_IMPORT_MATRIX } from './authorization-matrix.students-active-import.js';
import { STUDENTS_OPT_MATRIX } from './authorization-matrix.students-opt.js';
import { SCHOLARS_DEPARTMENT_MATRIX } from './authorization-matrix.scholars-department.js';
import { SCHOLARS_PORTAL_MATRIX } from './authorization-matrix.scholars-portal.js';
import { SCHOLARS_OFFICE_MATRIX } from './authorization-matrix.scholars-office.js';
import { SCHOLARS_REPORTS_MATRIX } from './authorization-matrix.scholars-reports.js';
import { SCHOLARS_REQUESTS_MATRIX } from './authorization-matrix.scholars-requests.js';
import { SCHOLAR_HR_UPDATES_MATRIX } from './authorization-matrix.scholar-hr-updates.js';
import { SCHOLAR_LEGACY_MATRIX } from './authorization-matrix.scholar-legacy.js';
import { SEVIS_SETTINGS_MATRIX } from './authorization-matrix.sevis-settings.js';
import { SEVIS_BATCHES_MATRIX } from './authorization-matrix.sevis-batches.js';
import { SEVIS_RESULTS_MATRIX } from './authorization-matrix.sevis-results.js';
import { SEVIS_RTI_MATRIX } from './authorization-matrix.sevis-rti.js';
import { JOBS_MATRIX } from './authorization-matrix.jobs.js';
import { WORK_MATRIX } from './authorization-matrix.work.js';
import { INTEGRATION_TOKENS_MATRIX } from './authorization-matrix.integration-tokens.js';
import { SSO_MATRIX } from './authorization-matrix.sso.js';
import { MFA_MATRIX } from './authorization-matrix.mfa.js';
import { EXTERNAL_LOGIN_MATRIX } from './authorization-matrix.external-login.js';
import { MASS_EMAIL_MATRIX } from './authorization-matrix.mass-email.js';
import { MESSAGES_SENT_MATRIX } from './authorization-matrix.messages-sent.js';
import { LETTERS_MATRIX } from './authorization-matrix.letters.js';
import { EMAIL_TEMPLATES_MATRIX } from './authorization-matrix.email-templates.js';
import { AUTOMATED_EMAILS_MATRIX } from './authorization-matrix.automated-emails.js';
import { LOGS_MATRIX } from './authorization-matrix.logs.js';
import { SITE_PAGES_MATRIX } from './authorization-matrix.site-pages.js';
import { CAMPUS_SITES_MATRIX } from './authorization-matrix.campus-sites.js';
import { STUDENT_TAGS_MATRIX } from './authorization-matrix.student-tags.js';
import { REQUEST_ASSIGNMENT_MATRIX } from './authorization-matrix.request-assignment.js';
import { FIELD_CONFIGURATION_MATRIX } from './authorization-matrix.field-configuration.js';
import { LOOKUPS_MATRIX } from './authorization-matrix.lookups.js';
import { IDENTITY_LINKS_MATRIX } from './authorization-matrix.identity-links.js';

export const CALLERS = ['anonymous', 'admin', 'officer', 'assistant', 'dept', 'scholar', 'student'] as const;
export type TCaller = (typeof CALLERS)[number];
export type TExpect = Record<TCaller, number>;

export interface TMatrixContext {
  t: TTestApp;
  /** Institution A's demo user ids by user name. */
  ids: Record<string, string>;
  /** Institution A's campus site ids by code (MAIN, MED). */
  sites: Record<string, number>;
  /** A fresh invited (pending) staff member of institution A: a target for one mutating call. */
  newStaff: () => Promise<string>;
  /** A fresh, unused invitation-link token of institution A. */
  newLinkToken: () => Promise<string>;
  /** A fresh, unused e-mailed sign-in link token of a user of institution A. */
  newSignInLinkToken: () => Promise<string>;
  /** A fresh refresh token of a signed-in user of institution A. */
  newRefreshToken: () => Promise<string>;
  /** Institution A's current settings, as its super user reads them. */
  settings: () => Promise<Record<string, unknown>>;
}

export interface TRequest {
  params?: Record<string, string> | undefined;
  query?: Record<string, string | number> | undefined;
  body?: unknown;
  /** e.g. a multipart content type for an upload body. */
  headers?: Record<string, string> | undefined;
}

export interface TMatrixRow {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
  /** The route's declared permission: a contract whose permission changes must be looked at again here. */
  access: TRouteAccess;
  expect: TExpect;
  /** A valid request for one call; mutating routes build a fresh target each time. */
  request: (m: TMatrixContext) => Promise<TRequest> | TRequest;
  /**
   * What institution B's super user gets, on B's own host, for institution A's record id:
   * 404 (not found) or 'empty' (a history with no events). Only for routes that name a record.
   */
  foreignRecord?: 404 | 'empty' | undefined;
  /** The call ends the caller's session, so every caller uses a session of its own. */
  consumesSession?: boolean | undefined;
}

const none = (): TRequest => ({});
/** A 1×1 PNG: the smallest logo there is. */
const TINY_PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64');

export const AUTHORIZATION_MATRIX: TMatrixRow[] = [
  // platform and setup: tenantless and public
  {
    method: 'GET',
    path: '/api/health',
    access: 'public',
    request: none,
    expect: { anonymous: 200, admin: 200, officer: 200, assistant: 200, dept: 200, scholar: 200, student: 200 },
  },
  {
    method: 'GET',
    path: '/api/setup/status',
    access: 'public',
    request: none,
    expect: { anonymous: 200, admin: 200, officer: 200, assistant: 200, dept: 200, scholar: 200, student: 200 },
  },
  // Setting up is only possible on an empty database: with institutions present everybody gets 409.
  {
    method: 'POST',
    path: '/api/setup',
    access: 'public',
    request: () => ({
      body: {
        institutionName: 'Intruder College',
        primaryColor: '#112233',
        secondaryColor: '#445566',
        publicBaseUrl: 'https://intruder.example',
        timeZone: 'America/New_York',
        firstName: 'Eve',
        lastName: 'Intruder',
        email: 'eve@intruder.example',
        userName: 'eve',
        password: 'Unusual-Pass-42',
        confirmPassword: 'Unusual-Pass-42',
      },
    }),
    expect: { anonymous: 409, admin: 409, officer: 409, assistant: 409, dept: 409, scholar: 409, student: 409 },
  },

  // auth
  {
    method: 'POST',
    path: '/api/auth/login',
    access: 'public',
    request: () => ({ body: { userName: 'scholar', password: DEMO_PASSWORD } }),
    expect: { anonymous: 200, admin: 200, officer: 200, assistant: 200, dept: 200, scholar: 200, student: 200 },
  },
  {
    method: 'POST',
    path: '/api/auth/refresh',
    access: 'public',
    request: async (m) => ({ body: { refreshToken: await m.newRefreshToken() } }),
    expect: { anonymous: 200, admin: 200, officer: 200, assistant: 200, dept: 200, scholar: 200, student: 200 },
  },
  {
    method: 'POST',
    path: '/api/auth/logout',
    access: 'authenticated',
    request: () => ({ body: {} }),
    consumesSession: true,
    expect: { anonymous: 401, admin: 200, officer: 200, assistant: 200, dept: 200, scholar: 200, student: 200 },
  },
  {
    method: 'GET',
    path: '/api/auth/me',
    access: 'authenticated',
    request: none,
    expect: { anonymous: 401, admin: 200, officer: 200, assistant: 200, dept: 200, scholar: 200, student: 200 },
  },
  {
    method: 'POST',
    path: '/api/auth/forgot-password',
    access: 'public',
    request: () => ({ body: { email: 'scholar@demo.example.edu' } }),
    expect: { anonymous: 200, admin: 200, officer: 200, assistant: 200, dept: 200, scholar: 200, student: 200 },
  },
  {
    method: 'POST',
    path: '/api/auth/password-links/inspect',
    access: 'public',
    request: async (m) => ({ body: { token: await m.newLinkToken() } }),
    expect: { anonymous: 200, admin: 200, officer: 200, assistant: 200, dept: 200, scholar: 200, student: 200 },
  },
  {
    method: 'POST',
    path: '/api/auth/password-links/use',
    access: 'public',
    request: async (m) => ({
      body: { token: await m.newLinkToken(), password: 'Harbour-Lights-42', confirmPassword: 'Harbour-Lights-42' },
    }),
    expect: { anonymous: 200, admin: 200, officer: 200, assistant: 200, dept: 200, scholar: 200, student: 200 },
  },
  {
    method: 'POST',
    path: '/api/auth/sign-in-links',
    access: 'public',
    request: () => ({ body: { userName: 'scholar' } }),
    expect: { anonymous: 200, admin: 200, officer: 200, assistant: 200, dept: 200, scholar: 200, student: 200 },
  },
  {
    method: 'POST',
    path: '/api/auth/sign-in-links/use',
    access: 'public',
    request: async (m) => ({ body: { token: await m.newSignInLinkToken() } }),
    expect: { anonymous: 200, admin: 200, officer: 200, assistant: 200, dept: 200, scholar: 200, student: 200 },
  },

  // institutions
  {
    method: 'GET',
    path: '/api/institution/branding',
    access: 'public',
    request: none,
    expect: { anonymous: 200, admin: 200, officer: 200, assistant: 200, dept: 200, scholar: 200, student: 200 },
  },
  {
    method: 'GET',
    path: '/api/institution/settings',
    access: 'institutions.settings.read',
    request: none,
    expect: { anonymous: 401, admin: 200, officer: 200, assistant: 200, dept: 403, scholar: 403, student: 403 },
  },
  {
    method: 'PUT',
    path: '/api/institution/settings',
    access: 'institutions.settings.update',
    request: async (m) => ({ body: await m.settings() }),
    expect: { anonymous: 401, admin: 200, officer: 403, assistant: 403, dept: 403, scholar: 403, student: 403 },
  },
  {
    method: 'POST',
    path: '/api/institution/logo',
    access: 'institutions.settings.update',
    request: () => {
      const f = fileBody('logo.png', TINY_PNG, 'image/png');
      return { body: f.body, headers: f.headers };
    },
    expect: { anonymous: 401, admin: 200, officer: 403, assistant: 403, dept: 403, scholar: 403, student: 403 },
  },
  {
    method: 'DELETE',
    path: '/api/institution/logo',
    access: 'institutions.settings.update',
    request: none,
    expect: { anonymous: 401, admin: 200, officer: 403, assistant: 403, dept: 403, scholar: 403, student: 403 },
  },
  {
    // Public: the login page shows it. The address is the current logo's, uploaded for the call.
    method: 'GET',
    path: '/api/institution/logo/:file',
    access: 'public',
    request: async (m) => {
      const f = fileBody('logo.png', TINY_PNG, 'image/png');
      const res = await call(m.t, 'POST', '/api/institution/logo', { as: await m.t.login('admin'), body: f.body, headers: f.headers });
      const url = res.json<{ logoUpload: { url: string } }>().logoUpload.url;
      return { params: { file: url.split('/').pop()! } };
    },
    expect: { anonymous: 200, admin: 200, officer: 200, assistant: 200, dept: 200, scholar: 200, student: 200 },
  },

  // people: staff management
  {
    method: 'GET',
    path: '/api/staff',
    access: 'people.staff.read',
    request: () => ({ query: { status: 'all' } }),
    expect: { anonymous: 401, admin: 200, officer: 200, assistant: 403, dept: 403, scholar: 403, student: 403 },
  },
  {
    method: 'GET',
    path: '/api/staff/:userId',
    access: 'people.staff.read',
    foreignRecord: 404,
    request: (m) => ({ params: { userId: m.ids.assistant! } }),
    expect: { anonymous: 401, admin: 200, officer: 200, assistant: 403, dept: 403, scholar: 403, student: 403 },
  },
  {
    method: 'POST',
    path: '/api/staff',
    access: 'people.staff.manage',
    request: (m) => ({ body: { ...uniqueStaff('matrix'), permissions: perms({ isAssistant: true, assistantSites: [m.sites.MAIN!] }) } }),
    expect: { anonymous: 401, admin: 200, officer: 200, assistant: 403, dept: 403, scholar: 403, student: 403 },
  },
  {
    method: 'PUT',
    path: '/api/staff/:userId/permissions',
    access: 'people.staff.manage',
    foreignRecord: 404,
    request: async (m) => ({
      params: { userId: await m.newStaff() },
      body: { permissions: perms({ isOfficer: true, officerSites: [m.sites.MAIN!] }) },
    }),
    expect: { anonymous: 401, admin: 200, officer: 200, assistant: 403, dept: 403, scholar: 403, student: 403 },
  },
  {
    method: 'POST',
    path: '/api/staff/:userId/deactivate',
    access: 'people.staff.manage',
    foreignRecord: 404,
    request: async (m) => ({ params: { userId: await m.newStaff() } }),
    expect: { anonymous: 401, admin: 200, officer: 200, assistant: 403, dept: 403, scholar: 403, student: 403 },
  },
  {
    method: 'POST',
    path: '/api/staff/:userId/reactivate',
    access: 'people.staff.manage',
    foreignRecord: 404,
    request: async (m) => ({ params: { userId: await m.newStaff() } }),
    expect: { anonymous: 401, admin: 200, officer: 200, assistant: 403, dept: 403, scholar: 403, student: 403 },
  },
  {
    method: 'POST',
    path: '/api/staff/:userId/resend-invitation',
    access: 'people.staff.manage',
    foreignRecord: 404,
    request: async (m) => ({ params: { userId: await m.newStaff() } }),
    expect: { anonymous: 401, admin: 200, officer: 200, assistant: 403, dept: 403, scholar: 403, student: 403 },
  },

  // people: lookups
  {
    method: 'GET',
    path: '/api/campus-sites',
    access: 'people.campus-sites.read',
    request: none,
    expect: { anonymous: 401, admin: 200, officer: 200, assistant: 200, dept: 403, scholar: 403, student: 403 },
  },
  {
    method: 'GET',
    path: '/api/departments',
    access: 'people.departments.read',
    request: none,
    expect: { anonymous: 401, admin: 200, officer: 200, assistant: 200, dept: 200, scholar: 403, student: 403 },
  },

  // audit
  // users and institutions need audit.history.read (checked with the record); requests: whoever reads the request (requests.test.ts)
  {
    method: 'GET',
    path: '/api/audit/:entityType/:entityId',
    access: 'authenticated',
    foreignRecord: 'empty',
    request: (m) => ({ params: { entityType: 'user', entityId: m.ids.admin! } }),
    expect: { anonymous: 401, admin: 200, officer: 200, assistant: 403, dept: 403, scholar: 403, student: 403 },
  },

  ...FORMS_MATRIX,
  ...STUDENTS_RECORDS_MATRIX,
  ...STUDENTS_LIST_MATRIX,
  ...STUDENTS_REQUESTS_MATRIX,
  ...STUDENTS_PORTAL_MATRIX,
  ...STUDENTS_INTAKE_MATRIX,
  ...STUDENTS_ACTIVE_IMPORT_MATRIX,
  ...STUDENTS_OPT_MATRIX,
  ...SCHOLARS_DEPARTMENT_MATRIX,
  ...SCHOLARS_PORTAL_MATRIX,
  ...SCHOLARS_OFFICE_MATRIX,
  ...SCHOLARS_REPORTS_MATRIX,
  ...SCHOLARS_REQUESTS_MATRIX,
  ...SCHOLAR_HR_UPDATES_MATRIX,
  ...SCHOLAR_LEGACY_MATRIX,
  ...SEVIS_SETTINGS_MATRIX,
  ...SEVIS_BATCHES_MATRIX,
  ...JOBS_MATRIX,
  ...WORK_MATRIX,
  ...INTEGRATION_TOKENS_MATRIX,
  ...SSO_MATRIX,
  ...MFA_MATRIX,
  ...EXTERNAL_LOGIN_MATRIX,
  ...MASS_EMAIL_MATRIX,
  ...MESSAGES_SENT_MATRIX,
  ...LETTERS_MATRIX,
  ...EMAIL_TEMPLATES_MATRIX,
  ...AUTOMATED_EMAILS_MATRIX,
  ...LOGS_MATRIX,
  ...SITE_PAGES_MATRIX,
  ...CAMPUS_SITES_MATRIX,
  ...STUDENT_TAGS_MATRIX,
  ...REQUEST_ASSIGNMENT_MATRIX,
  ...FIELD_CONFIGURATION_MATRIX,
  ...LOOKUPS_MATRIX,
  ...IDENTITY_LINKS_MATRIX,
  ...SEVIS_RESULTS_MATRIX,
  ...SEVIS_RTI_MATRIX,
  ...REQUEST_MATRIX_ROWS,

  ...ATTACHMENTS_MATRIX,
];

/** Fills a route path's :params. */
export function fillPath(path: string, params: Record<string, string> = {}): string {
  return path.replace(/:([A-Za-z]+)/g, (_, k: string) => {
    const v = params[k];
    if (v === undefined) throw new Error(`no value for :${k} in ${path}`);
    return encodeURIComponent(v);
  });
}

export type TSessions = Record<Exclude<TCaller, 'anonymous'>, TSession>;

/** Signs in every demo role of institution A at once. */
export async function signInCallers(t: TTestApp): Promise<TSessions> {
  const roles = CALLERS.filter((c): c is Exclude<TCaller, 'anonymous'> => c !== 'anonymous');
  const logged = await Promise.all(roles.map((r) => t.login(r)));
  return Object.fromEntries(roles.map((r, i) => [r, logged[i]!])) as TSessions;
}

/** What the rows' request builders need (see TMatrixContext), as institution A's super user (a session, or how to get the current one). */
export async function createMatrixContext(t: TTestApp, superUser: TSession | (() => TSession)): Promise<TMatrixContext> {
  const admin = typeof superUser === 'function' ? superUser : () => superUser;
  const siteRows = await t.sql<{ id: number; code: string }>('select id, code from campus_sites where institution_id = $1', [
    t.institutionA,
  ]);
  const ids = await userIds(t, t.institutionA);
  return {
    t,
    ids,
    sites: Object.fromEntries(siteRows.map((r) => [r.code, r.id])),
    newStaff: async () => (await inviteStaff(t, admin(), { prefix: 'target' })).userId,
    newLinkToken: async () => {
      const member = await inviteStaff(t, admin(), { prefix: 'link' });
      return (await latestLink(t, member.email)).token;
    },
    newSignInLinkToken: () => buildSignInLink(t, ids.scholar!),
    newRefreshToken: async () => (await t.login('scholar')).refreshToken,
    settings: async () => (await call(t, 'GET', '/api/institution/settings', { as: admin() })).json(),
  };
}

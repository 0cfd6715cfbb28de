import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible, stopChecking } from '../a11y.js';
import { baseUrl, DEMO_PASSWORD, LANDED, launch, newPage, query, screenshot, signIn } from '../browser.js';
import { JOURNEY_WAIT } from '../journey-helpers.js';
import { api } from '../sevis-log-helpers.js';

/**
 * Every route of the web app, as each role meets it, checked by axe (WCAG 2.0 and 2.1, A and AA) at
 * 1280×800 and at 390×844 (docs/product/ui.md#accessibility): the page as it opens, then each of its
 * tabs. The table below names a visit for every path the route tables declare
 * (every `routes.tsx` and `…-routes.tsx` under apps/web/src/features, app/router.tsx and app/shell-routes.tsx);
 * a path added there and missing here fails the first test, so a new page cannot skip the check.
 */

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const WEB = path.join(ROOT, 'apps/web/src');

/** The route files: every feature's routes.tsx (and its other …-routes.tsx), the approval routes and the app's own tables. */
function routeFiles(): string[] {
  const found: string[] = [];
  const walk = (dir: string) => {
    for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
      const p = path.join(dir, e.name);
      if (e.isDirectory()) walk(p);
      else if (e.name.endsWith('routes.tsx')) found.push(p);
    }
  };
  walk(path.join(WEB, 'features'));
  return [...found, path.join(WEB, 'app/router.tsx'), path.join(WEB, 'app/shell-routes.tsx')];
}

/**
 * The paths the route files declare: `path: '…'`, and the helpers that take one (`create('…')`,
 * `edit('…')`, `at('…')`, `scholarApplication(page, path?)`).
 */
function declaredPaths(): Set<string> {
  const paths = new Set<string>();
  for (const file of routeFiles()) {
    const src = fs.readFileSync(file, 'utf8');
    for (const m of src.matchAll(/\bpath:\s*'([^']+)'/g)) paths.add(m[1]!);
    for (const m of src.matchAll(/\b(?:create|edit|at)\('([^']+)'/g)) paths.add(m[1]!);
    for (const m of src.matchAll(/\bscholarApplication\('([^']+)'(?:,\s*'([^']+)')?\)/g)) paths.add(m[2] ?? m[1]!);
  }
  return paths;
}

type TUser = 'visitor' | 'admin' | 'officer' | 'assistant' | 'dept' | 'scholar' | 'student';

/** One visit: the declared path it stands for, the address opened, and what the role sees there when it is not the page itself. */
interface TVisit {
  route: string;
  url: string;
  note?: string;
}

/** The ids the addresses need: the demo data, and what beforeAll adds (drafts, imports). */
interface TIds {
  studentProfile: string;
  otherProfile: string;
  correction: string;
  questionnaire: string;
  wizardStep: string;
  requestType: Record<string, string>;
  scholarRequest: string;
  studentRequest: Record<string, string>;
  submittedStudentRequest: string;
  scholarDraft: string;
  deptDraft: string;
  sponsorship: string;
  processedApplication: string;
  deptScholar: string;
  deptApplication: string;
  scholarSelf: string;
  scholarApplication: string;
  studentImport: string;
  rtiImport: string;
  activeImport: string;
  hrImport: string;
  sitePage: string;
  /** The office's own request (a termination) about the demo student, a draft of the admin's. */
  officeRequest: string;
}

function visits(ids: TIds): Record<TUser, TVisit[]> {
  const rt = ids.requestType;
  const sr = ids.studentRequest;
  return {
    visitor: [
      { route: 'login', url: '/#/login' },
      { route: 'student', url: '/#/login/student' },
      { route: 'reset', url: '/#/login/reset' },
      { route: 'pass-reset/:key?', url: '/#/login/pass-reset/not-a-real-link', note: 'a link that is not valid' },
      { route: 'sign-in/:key?', url: '/#/login/student/sign-in/not-a-real-link', note: 'a link that is not valid' },
      { route: 'sso/:key?', url: '/#/login/student/sso/not-a-real-code', note: 'a code that is not valid' },
      { route: 'global-login', url: '/#/global-login', note: 'no single sign-on set up: back at the login page, told so' },
      { route: 'security-logout', url: '/#/security-logout', note: 'after signing out: no campus logout address, it stays' },
      { route: 'external', url: '/#/external', note: 'no AUTHN cookie: a snackbar for a second, then the login page, told so' },
      { route: 'configuration-setup-wizard', url: '/#/configuration-setup-wizard', note: 'set-up is done: it says so' },
      { route: 'approval-review', url: '/?fuseaction=scholarportal.approvalreview#/approval-review' },
      {
        route: 'advisor-approval/:token',
        url: '/?fuseaction=scholarportal.approvalreview#/advisor-approval/not-a-real-link',
        note: 'a link that is not valid (journeys with a real link: student-journey, case-engine)',
      },
      { route: 'page-unavailable', url: '/?fuseaction=scholarportal.approvalreview#/page-unavailable' },
      { route: '*', url: '/#/no-such-page' },
    ],
    admin: [
      { route: 'admin', url: '/#/admin' },
      { route: 'dashboard', url: '/#/admin/dashboard' },
      { route: 'scholar-reports', url: '/#/admin/scholar-reports' },
      { route: 'reviewrequest/:applicationId', url: `/#/admin/reviewrequest/${ids.sponsorship}` },
      { route: 'scholar-profile/:applicationId', url: `/#/admin/scholar-profile/${ids.processedApplication}` },
      { route: 'account-settings', url: '/#/admin/account-settings' },
      { route: 'scholar-templates', url: '/#/admin/scholar-templates' },
      { route: 'scholar-SIS-requests', url: '/#/admin/scholar-SIS-requests' },
      { route: 'scholar-SIS-requests-compare/:importId', url: `/#/admin/scholar-SIS-requests-compare/${ids.hrImport}` },
      { route: 'staff-management', url: '/#/admin/staff-management' },
      { route: 'site-settings', url: '/#/admin/site-settings' },
      { route: 'integration-settings', url: '/#/admin/integration-settings' },
      { route: 'single-sign-on', url: '/#/admin/single-sign-on' },
      { route: 'campus-web-sign-in', url: '/#/admin/campus-web-sign-in' },
      { route: 'email-templates', url: '/#/admin/email-templates' },
      { route: 'logs', url: '/#/admin/logs' },
      { route: 'lookups', url: '/#/admin/lookups' },
      { route: 'email-templates/new', url: '/#/admin/email-templates/new' },
      { route: 'email-templates/system/:key', url: '/#/admin/email-templates/system/request.decided' },
      {
        route: 'email-templates/:templateId',
        url: '/#/admin/email-templates/00000000-0000-4000-8000-000000000000',
        note: 'a template that does not exist (the email-templates journey opens a real one)',
      },
      { route: 'two-step-sign-in', url: '/#/admin/two-step-sign-in' },
      { route: 'form-management', url: '/#/admin/form-management' },
      { route: 'form-management/:questionnaireId', url: `/#/admin/form-management/${ids.questionnaire}` },
      { route: 'form-management/new', url: '/#/admin/form-management/new' },
      { route: 'question-document-configuration', url: '/#/admin/question-document-configuration' },
      { route: 'requests', url: '/#/admin/requests' },
      { route: 'request/:requestId', url: `/#/admin/request/${ids.scholarRequest}` },
      { route: 'approval-workflows', url: '/#/admin/approval-workflows' },
      { route: 'unauthorized', url: '/#/admin/unauthorized' },
      { route: 'isss', url: '/#/isss' },
      { route: 'my-work', url: '/#/isss/my-work' },
      { route: 'dashboard', url: '/#/isss/dashboard' },
      { route: 'newly-admitted-students', url: '/#/isss/newly-admitted-students' },
      { route: 'batch-upload-list', url: '/#/isss/batch-upload-list' },
      { route: 'batch-upload-list/:importId', url: `/#/isss/batch-upload-list/${ids.studentImport}` },
      { route: 'active-student-import-list', url: '/#/isss/active-student-import-list' },
      { route: 'active-student-import-list/:importId', url: `/#/isss/active-student-import-list/${ids.activeImport}` },
      { route: 'students-list', url: '/#/isss/students-list' },
      { route: 'students-request-list', url: '/#/isss/students-request-list' },
      { route: 'request/:requestId', url: `/#/isss/request/${ids.submittedStudentRequest}` },
      { route: 'request-configuration', url: '/#/isss/request-configuration' },
      { route: 'request-configuration/create', url: '/#/isss/request-configuration/create' },
      { route: 'request-configuration/edit/:requestTypeId', url: `/#/isss/request-configuration/edit/${rt.cpt_request}` },
      { route: 'student-request-approval', url: '/#/isss/student-request-approval' },
      { route: 'opt-stem-students-and-employers', url: '/#/isss/opt-stem-students-and-employers' },
      { route: 'stem-report-participation', url: '/#/isss/stem-report-participation' },
      { route: 'welcome-wizard-configurations', url: '/#/isss/welcome-wizard-configurations' },
      { route: 'welcome-wizard-configurations/create', url: '/#/isss/welcome-wizard-configurations/create' },
      { route: 'welcome-wizard-configurations/edit/:stepId', url: `/#/isss/welcome-wizard-configurations/edit/${ids.wizardStep}` },
      { route: 'welcome-wizard-configurations/preview', url: '/#/isss/welcome-wizard-configurations/preview' },
      { route: 'student-stage-configuartion', url: '/#/isss/student-stage-configuartion' },
      { route: 'student-profile/:profileId', url: `/#/isss/student-profile/${ids.studentProfile}` },
      { route: 'student/create', url: '/#/isss/student/create' },
      { route: 'create-j1', url: '/#/isss/create-j1' },
      { route: 'create-ev', url: '/#/isss/create-ev' },
      { route: 'create-cohort-j1', url: '/#/isss/create-cohort-j1' },
      { route: 'student-request-comparison/:correctionId', url: `/#/isss/student-request-comparison/${ids.correction}` },
      { route: 'office-request/:requestId', url: `/#/isss/office-request/${ids.officeRequest}` },
      { route: 'sevis-settings', url: '/#/isss/sevis-settings' },
      { route: 'system-errors', url: '/#/isss/system-errors' },
      { route: 'sent-email', url: '/#/isss/sent-email' },
      { route: 'integrated-user-tools', url: '/#/isss/integrated-user-tools' },
      { route: 'logs', url: '/#/isss/logs' },
      { route: 'convert-from-legacy', url: '/#/isss/convert-from-legacy' },
      { route: 'campus-sites', url: '/#/isss/campus-sites' },
      { route: 'lookups', url: '/#/isss/lookups' },
      { route: 'lookups/:key', url: '/#/isss/lookups/subject-fields', note: 'a list of thousands, paged on the server' },
      { route: 'lookups/:key', url: '/#/isss/lookups/local-majors', note: 'a list the office adds values to' },
      { route: 'site-builder', url: '/#/isss/site-builder' },
      { route: 'site-builder/new', url: '/#/isss/site-builder/new' },
      { route: 'site-builder/:pageId', url: `/#/isss/site-builder/${ids.sitePage}` },
      { route: 'field-tag-configuration', url: '/#/isss/field-tag-configuration' },
      { route: 'field-tag-configuration', url: '/#/isss/field-tag-configuration?tab=fields', note: 'the Fields tab' },
      { route: 'automated-email-config', url: '/#/isss/automated-email-config' },
      { route: 'email-communications', url: '/#/isss/email-communications' },
      { route: 'letter-template', url: '/#/isss/letter-template' },
      { route: 'letter-template/:templateId', url: '/#/isss/letter-template/new' },
      { route: 'batch-manager', url: '/#/isss/batch-manager' },
      { route: 'batch-sevis-registration', url: '/#/isss/batch-sevis-registration' },
      { route: 'sevis-validation', url: '/#/isss/sevis-validation' },
      { route: 'sevis-permissions', url: '/#/isss/sevis-permissions' },
      { route: 'sevis-results', url: '/#/isss/sevis-results' },
      { route: 'rti-import', url: '/#/isss/rti-import' },
      { route: 'rti-import/:importId', url: `/#/isss/rti-import/${ids.rtiImport}` },
      { route: 'unauthorized', url: '/#/isss/unauthorized' },
      { route: '*', url: '/#/isss/no-such-page', note: 'My work' },
    ],
    // An officer of one campus site and an assistant see the same pages with fewer actions: their homes
    // and the pages whose content follows the role.
    officer: [
      { route: 'my-work', url: '/#/isss/my-work' },
      { route: 'dashboard', url: '/#/admin/dashboard' },
      { route: 'dashboard', url: '/#/isss/dashboard' },
      { route: 'students-request-list', url: '/#/isss/students-request-list' },
      { route: 'request/:requestId', url: `/#/isss/request/${ids.submittedStudentRequest}` },
      { route: 'student-profile/:profileId', url: `/#/isss/student-profile/${ids.otherProfile}` },
      { route: 'sevis-permissions', url: '/#/isss/sevis-permissions' },
      { route: 'student-request-approval', url: '/#/isss/student-request-approval' },
      { route: 'logs', url: '/#/isss/logs', note: 'an officer of one campus site: the unauthorized page' },
      { route: 'campus-sites', url: '/#/isss/campus-sites', note: 'super users only: the unauthorized page' },
      { route: 'lookups', url: '/#/isss/lookups', note: 'an officer of one campus site: the unauthorized page' },
      {
        route: 'field-tag-configuration',
        url: '/#/isss/field-tag-configuration',
        note: 'an officer of one campus site: the unauthorized page',
      },
    ],
    assistant: [
      { route: 'my-work', url: '/#/isss/my-work', note: 'SEVIS updates and deadlines, no requests' },
      { route: 'dashboard', url: '/#/admin/dashboard' },
      { route: 'students-list', url: '/#/isss/students-list' },
      { route: 'student-profile/:profileId', url: `/#/isss/student-profile/${ids.studentProfile}` },
      { route: 'batch-manager', url: '/#/isss/batch-manager', note: 'not theirs: the unauthorized page' },
      { route: 'logs', url: '/#/isss/logs', note: 'not theirs: the unauthorized page' },
    ],
    dept: [
      { route: 'scholar', url: '/#/scholar' },
      { route: 'deptDashboard', url: '/#/scholar/deptDashboard' },
      { route: 'createscholar', url: '/#/scholar/createscholar' },
      { route: 'editscholarapplication/:applicationId', url: `/#/scholar/editscholarapplication/${ids.sponsorship}` },
      { route: 'reviewrequest/:scholarId?/:applicationId?', url: `/#/scholar/reviewrequest/${ids.deptScholar}/${ids.deptApplication}` },
      { route: 'dept-configs', url: '/#/scholar/dept-configs' },
      { route: 'approval-workflows', url: '/#/scholar/approval-workflows' },
      { route: 'requests', url: '/#/scholar/requests' },
      { route: 'request-create/:requestTypeId', url: `/#/scholar/request-create/${rt.program_extension}` },
      { route: 'request-edit/:requestId', url: `/#/scholar/request-edit/${ids.deptDraft}` },
      { route: 'unauthorized', url: '/#/scholar/unauthorized' },
      { route: '*', url: '/#/scholar/no-such-page' },
    ],
    scholar: [
      { route: 'edith1application', url: '/#/scholar/edith1application' },
      { route: 'edito1application', url: '/#/scholar/edito1application', note: 'an H-1B scholar: their own application page' },
      { route: 'editj1application', url: '/#/scholar/editj1application', note: 'an H-1B scholar: their own application page' },
      { route: 'editf1application', url: '/#/scholar/editf1application', note: 'an H-1B scholar: their own application page' },
      {
        route: 'edito1extension/:scholarId?/:applicationId?',
        url: `/#/scholar/edito1extension/${ids.scholarSelf}/${ids.scholarApplication}`,
        note: 'an H-1B scholar: their own application page',
      },
      { route: 'requests', url: '/#/scholar/requests' },
      { route: 'request-create/:requestTypeId', url: `/#/scholar/request-create/${rt.contact_info_update}` },
      { route: 'request-edit/:requestId', url: `/#/scholar/request-edit/${ids.scholarDraft}` },
      { route: 'pages', url: '/#/scholar/pages' },
      { route: 'pages/:slug', url: '/#/scholar/pages/scholars-first-days' },
    ],
    student: [
      { route: 'student-service-menu/:profileId', url: `/#/student/student-service-menu/${ids.studentProfile}` },
      { route: 'my-checklist', url: '/#/student/my-checklist' },
      { route: 'my-profile', url: '/#/student/my-profile' },
      { route: 'pages', url: '/#/student/pages' },
      { route: 'pages/:slug', url: '/#/student/pages/welcome-to-campus' },
      // A continuing student is sent on from the arrival pages; a new student's path through them is the student-journey's.
      { route: 'welcome-wizard', url: '/#/student/welcome-wizard', note: 'continuing: the service menu' },
      { route: 'student-pre-arrival', url: '/#/student/student-pre-arrival', note: 'continuing: the service menu' },
      { route: 'student-check-in', url: '/#/student/student-check-in', note: 'continuing: the service menu' },
      { route: 'request-create/:requestTypeId', url: `/#/student/request-create/${rt.contact_info_update}` },
      { route: 'cpt-request/:requestTypeId', url: `/#/student/cpt-request/${rt.cpt_request}` },
      { route: 'cpt-request/edit/:requestId', url: `/#/student/cpt-request/edit/${sr.cpt_request}` },
      { route: 'pre-opt/create/:requestTypeId', url: `/#/student/pre-opt/create/${rt.opt_request}` },
      { route: 'pre-opt/edit/:requestId', url: `/#/student/pre-opt/edit/${sr.opt_request}` },
      { route: 'pre-opt/update-employer/:requestTypeId', url: `/#/student/pre-opt/update-employer/${rt.opt_employer_update}` },
      { route: 'post-opt/create/:requestTypeId', url: `/#/student/post-opt/create/${rt.opt_request}` },
      { route: 'post-opt/edit/:requestId', url: `/#/student/post-opt/edit/${sr.opt_request}` },
      { route: 'post-opt/update-employer/:requestTypeId', url: `/#/student/post-opt/update-employer/${rt.opt_employer_update}` },
      { route: 'post-opt/stem-extension/:requestTypeId', url: `/#/student/post-opt/stem-extension/${rt.opt_stem_extend}` },
      { route: 'post-opt/stem-extension/edit/:requestId', url: `/#/student/post-opt/stem-extension/edit/${sr.opt_stem_extend}` },
      { route: 'rcl-request/create/:requestTypeId', url: `/#/student/rcl-request/create/${rt.rcl_request}` },
      { route: 'rcl-request/edit/:requestId', url: `/#/student/rcl-request/edit/${sr.rcl_request}` },
      { route: 'rcl-request/cancel/:requestId', url: `/#/student/rcl-request/cancel/${sr.rcl_request}` },
      { route: 'col-request/:requestTypeId', url: `/#/student/col-request/${rt.col_request}` },
      { route: 'col-request/edit/:requestId', url: `/#/student/col-request/edit/${sr.col_request}` },
      { route: 'transfer-in/create/:requestTypeId', url: `/#/student/transfer-in/create/${rt.transfer_in}` },
      { route: 'transfer-in/edit/:requestId', url: `/#/student/transfer-in/edit/${sr.transfer_in}` },
      { route: 'opt-detail/:requestId', url: `/#/student/opt-detail/${sr.opt_request}` },
      { route: 'request-create-wizard/:requestTypeId', url: `/#/student/request-create-wizard/${rt.registration_request}` },
      { route: 'request-edit-wizard/:requestId', url: `/#/student/request-edit-wizard/${sr.registration_request}` },
      { route: 'request-edit/:requestId', url: `/#/student/request-edit/${sr.contact_info_update}` },
      { route: 'unauthorized', url: '/#/student/unauthorized' },
      { route: '*', url: '/#/student/no-such-page' },
    ],
  };
}

let browser: Browser;
let ids: TIds;

const token = async (userName: string, portal: 'scholar' | 'student' = 'scholar') =>
  (await api<{ accessToken: string }>('POST', '/api/auth/login', null, { userName, password: DEMO_PASSWORD, portal })).accessToken;

/** Uploads a file to a route that answers with a job, and waits for the job's result. */
async function uploadJob<T>(route: string, accessToken: string, fileName: string, data: string): Promise<T> {
  const form = new FormData();
  form.append('file', new Blob([data], { type: 'text/csv' }), fileName);
  const res = await fetch(`${baseUrl()}${route}`, { method: 'POST', headers: { authorization: `Bearer ${accessToken}` }, body: form });
  if (res.status !== 202) throw new Error(`${route}: ${res.status} ${await res.text()}`);
  const { id } = (await res.json()) as { id: string };
  const until = Date.now() + JOURNEY_WAIT;
  for (;;) {
    const job = await api<{ status: string; result: T; error: unknown }>('GET', `/api/jobs/${id}`, accessToken);
    if (job.status === 'completed') return job.result;
    if (job.status === 'failed' || Date.now() > until) throw new Error(`${route}: ${JSON.stringify(job)}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

const one = async (sql: string, values?: unknown[]): Promise<string> => {
  const [row] = await query<{ id: string }>(sql, values);
  if (!row) throw new Error(`no row for: ${sql}`);
  return row.id;
};

/** The ids of the demo data, and drafts, an import of each kind and a submitted request made through the API. */
async function prepare(): Promise<TIds> {
  const types = await query<{ id: string; code: string }>('select id, code from request_types');
  const requestType = Object.fromEntries(types.map((t) => [t.code, t.id]));
  const studentToken = await token('student', 'student');
  const draft = async (as: string, code: string) =>
    (await api<{ id: string }>('POST', '/api/requests', as, { requestTypeId: requestType[code] })).id;
  const studentRequest: Record<string, string> = {};
  for (const code of [
    'cpt_request',
    'opt_request',
    'opt_stem_extend',
    'rcl_request',
    'col_request',
    'transfer_in',
    'registration_request',
    'contact_info_update',
  ]) {
    studentRequest[code] = await draft(studentToken, code);
  }
  // A request with the office: a contact information update, submitted as it stands.
  const submitted = await draft(studentToken, 'contact_info_update');
  await api('POST', `/api/requests/${submitted}/submit`, studentToken).catch(() => undefined);
  const scholarDraft = await draft(await token('scholar'), 'contact_info_update');
  // The office's own request about the demo student (a termination), started from the record: the admin's draft.
  const demoProfile = await one(`select p.id from student_profiles p join users u on u.id = p.user_id where u.user_name = 'student'`);
  const officeRequest = (
    await api<{ id: string }>('POST', `/api/students/${demoProfile}/requests`, await token('admin'), {
      requestTypeId: requestType.terminate_request,
    })
  ).id;
  const deptDraft = await draft(await token('dept'), 'program_extension');

  const adminToken = await token('admin');
  const [sevisId] = await query<{ sevis_id: string }>(
    `select p.sevis_id from student_profiles p join users u on u.id = p.user_id where u.user_name = 'student'`,
  );
  const rti = await uploadJob<{ id: string }>(
    '/api/sevis/rti-imports',
    adminToken,
    'rti-students.csv',
    [
      'SEVIS ID,Surname/Primary Name,Given Name,Date of Birth,Country of Citizenship,Program Start Date,Program End Date,Status,Education Level,Major,Email Address,Visa Type,Campus',
      `${sevisId!.sevis_id},SHARMA,PRIYA,01/01/2000,IN,08/20/2024,05/15/2027,Active,05,11.0701,student@demo.example.edu,F-1,MAIN`,
    ].join('\r\n'),
  );
  // An enrolment feed from the SIS: the demo student's record with a change, and a student Meridian lacks.
  const activeImport = await uploadJob<{ id: string }>(
    '/api/active-student-imports',
    adminToken,
    'sis-feed.csv',
    ['SEVIS ID,Family name,Enrollment status,Credits', `${sevisId!.sevis_id},SHARMA,Full-time,12`, 'N0099999999,NEW,Part-time,6'].join(
      '\r\n',
    ),
  );
  // Scholar HR Updates are on, and HR's feed names the demo scholar (with another title) and someone Meridian lacks.
  await query(`update institutions set settings = jsonb_set(coalesce(settings, '{}'::jsonb), '{scholarSisUpdatesFlag}', 'true'::jsonb)`);
  await query(`update scholars set employee_id = 'E-EVERY-1' from users u where u.id = scholars.user_id and u.user_name = 'scholar'`);
  const hrImport = await uploadJob<{ id: string }>(
    '/api/scholar-hr-imports',
    adminToken,
    'hr-feed.csv',
    ['employee_id,position,appointment_end_date', 'E-EVERY-1,Visiting Professor,08/31/2028', 'E-NOBODY,Lecturer,'].join('\r\n'),
  );
  const studentImport = await uploadJob<{ id: string }>(
    '/api/student-imports',
    adminToken,
    'students.csv',
    [
      'first_name,last_name,email,birth_date,citizenship,visa_type,campus_site,program_start_date,program_end_date,education_level',
      'Lin,Every Route,lin.every.route@example.org,03/09/2004,CN,F-1,MAIN,08/20/2027,05/15/2031,02',
    ].join('\r\n'),
  );

  return {
    studentProfile: await one(`select p.id from student_profiles p join users u on u.id = p.user_id where u.user_name = 'student'`),
    otherProfile: await one(
      `select p.id from student_profiles p join campus_sites c on c.id = p.campus_site_id where c.code = 'MAIN' and p.user_id is null order by p.last_name limit 1`,
    ),
    correction: await one('select id from student_profile_corrections limit 1'),
    questionnaire: await one('select id from questionnaires order by created_at limit 1'),
    wizardStep: await one('select id from welcome_wizard_steps order by created_at limit 1'),
    requestType,
    scholarRequest: await one(
      `select r.id from requests r join request_types t on t.id = r.request_type_id where t.code = 'h1b_application' limit 1`,
    ),
    studentRequest,
    submittedStudentRequest: submitted,
    scholarDraft,
    deptDraft,
    sponsorship: await one(
      `select id from scholar_applications where phase = 'sponsorship_request' and sponsorship_state = 'submitted' limit 1`,
    ),
    processedApplication: await one(`select id from scholar_applications where phase = 'isss_review' order by created_at limit 1`),
    deptScholar: await one(
      `select a.scholar_id as id from scholar_applications a join scholars s on s.id = a.scholar_id join users u on u.id = s.user_id where u.user_name = 'scholar'`,
    ),
    deptApplication: await one(
      `select a.id from scholar_applications a join scholars s on s.id = a.scholar_id join users u on u.id = s.user_id where u.user_name = 'scholar'`,
    ),
    scholarSelf: await one(`select s.id from scholars s join users u on u.id = s.user_id where u.user_name = 'scholar'`),
    scholarApplication: await one(
      `select a.id from scholar_applications a join scholars s on s.id = a.scholar_id join users u on u.id = s.user_id where u.user_name = 'scholar'`,
    ),
    studentImport: studentImport.id,
    rtiImport: rti.id,
    activeImport: activeImport.id,
    hrImport: hrImport.id,
    sitePage: await one(`select id from site_pages where slug = 'welcome-to-campus'`),
    officeRequest,
  };
}

beforeAll(async () => {
  browser = await launch();
  ids = await prepare();
}, 120_000);
afterAll(async () => {
  await browser?.close();
});

/** Opens an address and waits for the page's main content (a page, a message, the login form). */
async function open(page: Page, url: string): Promise<void> {
  await page.goto(url);
  // The campus sign-in address goes on by itself: here (no single sign-on set up) back to the login page.
  if (url.includes('global-login')) await page.waitForURL(/sso=notConfigured/, { timeout: JOURNEY_WAIT });
  // Campus web sign-in without its cookie (docs/product/external-login.md#messages): the login page, saying why.
  if (url.endsWith('#/external')) await page.waitForURL(/\?external=/, { timeout: JOURNEY_WAIT });
  await page.locator('#main-content, main, [role="main"]').first().waitFor({ timeout: JOURNEY_WAIT });
}

/** The list filters in an address (`filters=…`, docs/product/ui.md#filters-in-the-address). */
const filtersOf = (url: string) => new URLSearchParams(url.split('?')[1] ?? '').get('filters') ?? '';

/**
 * Checks the page as it opens, then each of its tabs in turn (every tab list in the main content). Tabs
 * that only filter a list (they change the address's filters: the same table with other rows) are
 * sampled with one other tab; tabs that show other content (a record's sections) are each checked.
 */
async function checkPageAndTabs(page: Page, name: string, walkTabs: boolean): Promise<number> {
  await expectAccessible(page, name);
  let states = 1;
  if (!walkTabs) return states;
  const lists = page.locator('#main-content [role="tablist"]');
  const listCount = await lists.count();
  for (let l = 0; l < listCount; l += 1) {
    const tabs = lists.nth(l).getByRole('tab');
    const count = await tabs.count();
    for (let i = 0; i < count; i += 1) {
      const tab = tabs.nth(i);
      if (!(await tab.isVisible().catch(() => false))) continue;
      if ((await tab.getAttribute('aria-selected')) === 'true' || (await tab.isDisabled())) continue;
      const label = ((await tab.textContent()) ?? `tab ${i + 1}`).trim();
      const filters = filtersOf(page.url());
      await tab.click();
      await expect.poll(() => tab.getAttribute('aria-selected'), { timeout: JOURNEY_WAIT }).toBe('true');
      await expectAccessible(page, `${name}, tab "${label}"`);
      states += 1;
      if (filtersOf(page.url()) !== filters) break;
    }
  }
  return states;
}

describe('every route the app declares', () => {
  it('has a visit in this journey (a new page is checked like the others)', () => {
    const declared = declaredPaths();
    const all = visits({
      studentProfile: 'x',
      otherProfile: 'x',
      correction: 'x',
      questionnaire: 'x',
      wizardStep: 'x',
      requestType: {},
      scholarRequest: 'x',
      studentRequest: {},
      submittedStudentRequest: 'x',
      scholarDraft: 'x',
      deptDraft: 'x',
      sponsorship: 'x',
      processedApplication: 'x',
      deptScholar: 'x',
      deptApplication: 'x',
      scholarSelf: 'x',
      scholarApplication: 'x',
      studentImport: 'x',
      rtiImport: 'x',
      activeImport: 'x',
      hrImport: 'x',
      sitePage: 'x',
      officeRequest: 'x',
    });
    const visited = new Set(Object.values(all).flatMap((v) => v.map((x) => x.route)));
    expect([...declared].filter((p) => !visited.has(p)).sort()).toEqual([]);
    // And nothing here stands for a path that no longer exists.
    expect([...visited].filter((p) => !declared.has(p)).sort()).toEqual([]);
  });
});

const SIGN_IN: Record<Exclude<TUser, 'visitor'>, 'scholar' | 'student'> = {
  admin: 'scholar',
  officer: 'scholar',
  assistant: 'scholar',
  dept: 'scholar',
  scholar: 'scholar',
  student: 'student',
};

for (const user of ['visitor', 'admin', 'officer', 'assistant', 'dept', 'scholar', 'student'] as const) {
  describe(`every page ${user === 'visitor' ? 'a visitor' : `the ${user}`} can open, at 1280×800 and 390×844`, () => {
    let page: Page;
    beforeAll(async () => {
      page = await newPage(browser);
      page.setDefaultTimeout(JOURNEY_WAIT);
      if (user !== 'visitor') {
        await signIn(page, user, DEMO_PASSWORD, SIGN_IN[user]);
        await page.waitForURL(LANDED, { timeout: JOURNEY_WAIT });
      }
    }, 120_000);
    afterAll(async () => {
      stopChecking(page);
      await page?.context().close();
    });

    // Every page is visited even when one has findings: the failure lists them all, each with its page.
    it('opens each page and each of its tabs, with no serious or critical finding', async () => {
      const failures: string[] = [];
      let states = 0;
      const adminRoutes = new Set(visits(ids).admin.map((v) => v.url));
      for (const v of visits(ids)[user]) {
        const name = `${user} ${v.url.replace(/^\/\??/, '')}${v.note ? ` (${v.note})` : ''}`;
        try {
          await open(page, v.url);
          // Another role's view of a page, or an address that shows another page, is checked as it opens.
          states += await checkPageAndTabs(page, name, !v.note && (user === 'admin' || !adminRoutes.has(v.url)));
        } catch (e) {
          failures.push((e as Error).message);
          await screenshot(page, `every-route-FAILED-${user}-${v.route.replace(/\W+/g, '_')}`, { check: false }).catch(() => {});
          // A page that failed is left; the next one starts afresh (checks stay on: a finding stops only its page).
          page = await reopen(page, user);
        }
      }
      expect(failures, `${failures.length} page(s) with findings`).toEqual([]);
      expect(states).toBeGreaterThanOrEqual(visits(ids)[user].length);
    }, 900_000);
  });
}

/** A fresh signed-in page after a failure (the failed page's checks are stopped and its context closed). */
async function reopen(page: Page, user: TUser): Promise<Page> {
  stopChecking(page);
  await page.context().close();
  const next = await newPage(browser);
  next.setDefaultTimeout(JOURNEY_WAIT);
  if (user !== 'visitor') {
    await signIn(next, user, DEMO_PASSWORD, SIGN_IN[user]);
    await next.waitForURL(LANDED, { timeout: JOURNEY_WAIT });
  }
  return next;
}

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SCHOLAR_APP_MSG, type TScholarApplicationForm, type TSession } from '@meridian/domain';
import { createTestApp, type TTestApp } from './app.js';
import { call, mailsTo } from './http.js';
import { uploadOk } from './fixtures/case-fixtures.js';
import {
  buildCustomDocument,
  buildDepartmentConfig,
  buildScholarCase,
  configureRequestType,
  h1bApplicationData,
  requestTypeIdOf,
} from './factories/index.js';
import { auditActionsOf } from './readers.js';

let t: TTestApp;
let scholar: TSession;
let dept: TSession;
let admin: TSession;
let officer: TSession;

beforeAll(async () => {
  t = await createTestApp();
  [scholar, dept, admin, officer] = await Promise.all([t.login('scholar'), t.login('dept'), t.login('admin'), t.login('officer')]);
});
afterAll(async () => {
  await t?.close();
});

const P = '/api/scholars/portal';
const beneficiary = {
  firstName: 'Hiro',
  lastName: 'Tanaka',
  dateOfBirth: '1990-04-01',
  countryOfBirth: 'JP',
  countryOfCitizenship: 'JP',
  email: 'hiro@example.edu',
  phone: '+81 3 1234 5678',
  foreignAddressStreet: '1-2-3 Hongo',
  foreignAddressCity: 'Tokyo',
  foreignAddressCountry: 'JP',
};
const VALID_H1B = h1bApplicationData(beneficiary);

async function mine(): Promise<TScholarApplicationForm> {
  const res = await call(t, 'GET', `${P}/application`, { as: scholar });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<TScholarApplicationForm>();
}
const save = (id: string, version: number, data: Record<string, unknown>, as: TSession = scholar) =>
  call(t, 'PUT', `${P}/applications/${id}/draft`, { as, body: { version, data } });
const submit = (id: string, version: number, data: Record<string, unknown>) =>
  call(t, 'POST', `${P}/applications/${id}/submit`, { as: scholar, body: { version, data } });

describe('the scholar portal application', () => {
  it("gives the scholar their current case's form, empty and editable, with the department's sites of activity", async () => {
    const c = await buildScholarCase(t, { user: 'scholar', processedState: 'J-1' });
    await buildDepartmentConfig(t, c.application.departmentId, {
      sitesOfActivity: [
        {
          name: 'Physics Building',
          address1: '1 Main St',
          address2: '',
          city: 'Boston',
          state: 'MA',
          postalCode: '02139',
          isPrimary: true,
        },
      ],
    });
    const app = await mine();
    expect(app).toMatchObject({
      applicationId: c.applicationId,
      processedState: 'J-1',
      applicationState: 'not_started',
      canEdit: true,
      version: 1,
      data: {},
      departmentName: 'Department of Physics',
      applicationRequestId: c.applicationRequestId,
    });
    expect(app.sitesOfActivity).toEqual([
      { name: 'Physics Building', address1: '1 Main St', address2: '', city: 'Boston', state: 'MA', postalCode: '02139' },
    ]);
  });

  it('routes by processed state: the current case is the one of the processed state the sign-in carries', async () => {
    for (const state of ['H-1B', 'H-1BExtension', 'O-1', 'o1Extension', 'J-1', 'F-1 OPT/STEM']) {
      const c = await buildScholarCase(t, { user: 'scholar', processedState: state });
      const session = await t.login('scholar');
      expect([session.processedState, session.scholarId]).toEqual([state, c.scholarId]);
      const app = await mine();
      expect([app.applicationId, app.processedState]).toEqual([c.applicationId, state]);
    }
    // Not processed yet: nothing to fill in (the landing page shows the review request instead).
    await buildScholarCase(t, { user: 'scholar', processedState: '' });
    expect((await t.login('scholar')).processedState ?? '').toBe('');
    expect(await mine()).toMatchObject({ processedState: '', canEdit: false });
  });

  it('saves a draft and reads it back; drops unknown fields; keeps half-typed dates', async () => {
    const c = await buildScholarCase(t, { user: 'scholar', processedState: 'H-1B' });
    const res = await save(c.applicationId, 1, {
      firstName: 'Hiro',
      dateOfBirth: '04/0',
      isLocked: false,
      immigrationHistory: [{ subjectName: 'Hiro Tanaka' }],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      version: 2,
      applicationState: 'draft',
      data: { firstName: 'Hiro', dateOfBirth: '04/0', immigrationHistory: [{ subjectName: 'Hiro Tanaka' }] },
    });
    const again = await mine();
    expect(again.data).toEqual({ firstName: 'Hiro', dateOfBirth: '04/0', immigrationHistory: [{ subjectName: 'Hiro Tanaka' }] });
    const [audit] = await t.sql<{ action: string; after: { changedFields: string[] } }>(
      `select action, after from audit_events where entity_type = 'scholar_application' and entity_id = $1`,
      [c.applicationId],
    );
    // Which fields changed, never their values (birth dates and passports stay out of the log).
    expect(audit).toEqual({
      action: 'scholar_application.draft_saved',
      after: { applicationState: 'draft', version: 2, changedFields: ['dateOfBirth', 'firstName', 'immigrationHistory'] },
    });
  });

  it('refuses a stale save (409) and keeps the newer one', async () => {
    const c = await buildScholarCase(t, { user: 'scholar', processedState: 'H-1B' });
    expect((await save(c.applicationId, 1, { firstName: 'First tab' })).statusCode).toBe(200);
    const stale = await save(c.applicationId, 1, { firstName: 'Second tab' });
    expect(stale.statusCode).toBe(409);
    expect((await mine()).data.firstName).toBe('First tab');
  });

  it('refuses wrong types on a draft, on the field', async () => {
    const c = await buildScholarCase(t, { user: 'scholar', processedState: 'H-1B' });
    const res = await save(c.applicationId, 1, { h1bCapOut: 'yes', firstName: 'x'.repeat(201) });
    expect(res.statusCode).toBe(400);
    expect(res.json().fieldErrors).toEqual({
      'data.h1bCapOut': [SCHOLAR_APP_MSG.invalidValue],
      'data.firstName': [SCHOLAR_APP_MSG.invalidLength],
    });
  });

  it('refuses a submit with each message on its field, and keeps what was typed', async () => {
    const c = await buildScholarCase(t, { user: 'scholar', processedState: 'H-1B' });
    const data = {
      ...VALID_H1B,
      i140Flag: true,
      documentExpiryDate: '2019-01-01',
      immigrationHistory: [{ ...(VALID_H1B.immigrationHistory as Record<string, unknown>[])[0], periodofStayToDate: '2020-09-01' }],
    };
    delete (data as Record<string, unknown>).fieldOfStudy;
    const res = await submit(c.applicationId, 1, data);
    expect(res.statusCode).toBe(400);
    expect(res.json().fieldErrors).toEqual({
      'data.fieldOfStudy': [SCHOLAR_APP_MSG.required],
      'data.i140IssuedDate': [SCHOLAR_APP_MSG.required],
      'data.immigrationHistory.0.periodofStayToDate': [SCHOLAR_APP_MSG.periodToAfterFrom],
      'data.documentExpiryDate': [SCHOLAR_APP_MSG.expiryAfterIssue],
    });
    const after = await mine();
    expect(after).toMatchObject({ applicationState: 'draft', isLocked: false, version: 2, phase: 'application' });
    expect(after.data.documentExpiryDate).toBe('2019-01-01');
  });

  it("refuses a submit while a required document of the visa type's template is missing, then submits once it is uploaded", async () => {
    const c = await buildScholarCase(t, { user: 'scholar', processedState: 'H-1B' });
    const doc = await buildCustomDocument(t, { name: 'Passport copy', isRequired: true, isHidden: false, isVisibleToStudent: true });
    const h1b = await requestTypeIdOf(t, 'h1b_application');
    await configureRequestType(t, h1b, { documentIds: [doc.id] });
    try {
      const res = await submit(c.applicationId, 1, VALID_H1B);
      expect(res.statusCode).toBe(400);
      expect(res.json().fieldErrors).toEqual({ [`documents.${doc.id}`]: ['Please upload Passport copy.'] });
      // The scholar uploads it through the attachments module, on the application's engine request.
      await uploadOk(t, scholar, { requestId: c.applicationRequestId!, customDocumentId: doc.id });
      const ok = await submit(c.applicationId, (await mine()).version, VALID_H1B);
      expect(ok.statusCode, ok.body).toBe(200);
    } finally {
      await configureRequestType(t, h1b, { documentIds: [] });
    }
  });

  it('submits: locked, ISSS Review, a status history row, an audit event, the engine request submitted, the office told', async () => {
    const c = await buildScholarCase(t, { user: 'scholar', processedState: 'H-1B', firstName: 'Hiro', lastName: 'Tanaka' });
    const historyOf = () =>
      t.sql('select phase, status, visa_code from scholar_status_history where application_id = $1 order by created_at, id', [
        c.applicationId,
      ]);
    const before = await historyOf();
    const res = await submit(c.applicationId, 1, VALID_H1B);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      applicationState: 'submitted',
      phase: 'isss_review',
      status: 'pending',
      isLocked: true,
      canEdit: false,
    });
    expect(res.json().submittedAt).toBeTruthy();
    // Processing wrote the earlier rows; the submit adds exactly one.
    expect(await historyOf()).toEqual([...before, { phase: 'isss_review', status: 'pending', visa_code: 'H-1B' }]);
    expect(await auditActionsOf(t, c.applicationId, { entityType: 'scholar_application' })).toEqual([
      'scholar_application.draft_saved',
      'scholar_application.submitted',
    ]);
    const [req] = await t.sql<{ status: string }>('select status from requests where id = $1', [c.applicationRequestId]);
    expect(req!.status).toBe('submitted');
    const bell = await t.sql<{ text: string }>(
      `select text from notifications where type_name = 'scholar.application_submitted' and scholar_id = $1`,
      [c.scholarId],
    );
    expect(bell.map((b) => b.text)).toContain('Hiro Tanaka submitted the H-1B application to ISSS.');
    const [officerMail] = await mailsTo(
      t,
      (await t.sql<{ email: string }>(`select email from users where user_name = 'officer' and institution_id = $1`, [t.institutionA]))[0]!
        .email,
    );
    expect(officerMail?.subject).toBe('H-1B application submitted: Hiro Tanaka');
    // Locked: no more saves, no second submit.
    const again = await save(c.applicationId, 2, { firstName: 'Changed' });
    expect(again.statusCode).toBe(403);
    expect(again.json().message).toMatch(/submitted to the office and is locked/);
    expect((await submit(c.applicationId, 2, VALID_H1B)).statusCode).toBe(403);
  });

  it('takes a resubmission once the office unlocked the application (returned), and the engine request leaves clarification', async () => {
    const c = await buildScholarCase(t, { user: 'scholar', processedState: 'H-1B', applicationState: 'returned', data: VALID_H1B });
    const app = await mine();
    expect(app).toMatchObject({ applicationState: 'returned', canEdit: true, data: VALID_H1B });
    const res = await submit(c.applicationId, app.version, { ...VALID_H1B, fieldOfStudy: 'Quantum optics' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ applicationState: 'submitted', isLocked: true, data: { fieldOfStudy: 'Quantum optics' } });
    const [req] = await t.sql<{ status: string }>('select status from requests where id = $1', [c.applicationRequestId]);
    expect(req!.status).toBe('submitted');
    const [ev] = await t.sql(`select action from audit_events where entity_type = 'request' and entity_id = $1`, [c.applicationRequestId]);
    expect(ev).toEqual({ action: 'request.resubmitted' });
  });

  it('starts an untouched form with what the office knows of the scholar', async () => {
    await buildScholarCase(t, {
      user: 'scholar',
      processedState: 'F-1 OPT/STEM',
      firstName: 'Hiro',
      lastName: 'Tanaka',
      email: 'hiro.prefill@example.edu',
    });
    expect((await mine()).prefill).toEqual({ firstName: 'Hiro', lastName: 'Tanaka', email: 'hiro.prefill@example.edu' });
  });

  it("never shows another scholar's case (404), and a department user gets 403 on every portal route", async () => {
    const other = await buildScholarCase(t, { user: null, processedState: 'H-1B' });
    expect((await call(t, 'GET', `${P}/applications/${other.applicationId}`, { as: scholar })).statusCode).toBe(404);
    expect((await save(other.applicationId, 1, { firstName: 'X' })).statusCode).toBe(404);
    expect((await submit(other.applicationId, 1, VALID_H1B)).statusCode).toBe(404);
    const own = await buildScholarCase(t, { user: 'scholar', processedState: 'H-1B' });
    for (const [method, url] of [
      ['GET', `${P}/application`],
      ['GET', `${P}/applications/${own.applicationId}`],
      ['PUT', `${P}/applications/${own.applicationId}/draft`],
      ['POST', `${P}/applications/${own.applicationId}/submit`],
      ['GET', `/api/scholars/applications/${own.applicationId}/form`],
      ['PUT', `/api/scholars/applications/${own.applicationId}/form`],
    ] as const) {
      expect(
        (await call(t, method, url, { as: dept, body: method === 'GET' ? undefined : { version: 1, data: {} } })).statusCode,
        `${method} ${url}`,
      ).toBe(403);
    }
  });

  it('lets office staff read the form (recorded) and correct it through the same operation while it is open', async () => {
    const c = await buildScholarCase(t, { user: 'scholar', processedState: 'O-1' });
    const read = await call(t, 'GET', `/api/scholars/applications/${c.applicationId}/form`, { as: officer });
    expect(read.statusCode).toBe(200);
    expect(read.json()).toMatchObject({ canEdit: true, processedState: 'O-1' });
    const [viewed] = await t.sql(`select action from audit_events where entity_type = 'scholar_application_read' and entity_id = $1`, [
      c.applicationId,
    ]);
    expect(viewed).toEqual({ action: 'scholar_application.form_viewed' });
    const fix = await call(t, 'PUT', `/api/scholars/applications/${c.applicationId}/form`, {
      as: admin,
      body: { version: 1, data: { fieldOfAbility: 'Astrophysics' } },
    });
    expect(fix.statusCode, fix.body).toBe(200);
    expect((await mine()).data).toEqual({ fieldOfAbility: 'Astrophysics' });
    const [audit] = await t.sql<{ action: string }>(
      `select action from audit_events where entity_type = 'scholar_application' and entity_id = $1`,
      [c.applicationId],
    );
    expect(audit!.action).toBe('scholar_application.form_corrected');
  });
});

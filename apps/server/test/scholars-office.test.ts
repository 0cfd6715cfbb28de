import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROCESS_AS, SCHOLAR_PROGRAM_TYPES, scholarsApi, type TSession } from '@meridian/domain';
import { createTestApp, type TTestApp } from './app.js';
import { call, mailsTo } from './http.js';
import { buildAttachment, buildScholarCase, daysFromToday, h1bApplicationData, officeToday, userIdOf } from './factories/index.js';
import { canAccessCase } from '../src/modules/scholars/scholar.policy.js';
import { auditActionsOf, requestStateOf } from './readers.js';

let t: TTestApp;
let admin: TSession;
let officer: TSession;
let assistant: TSession;
let dept: TSession;
let scholar: TSession;

beforeAll(async () => {
  t = await createTestApp();
  [admin, officer, assistant, dept, scholar] = await t.loginAll('admin', 'officer', 'assistant', 'dept', 'scholar');
});
afterAll(async () => {
  await t?.close();
});

const CASE = (id: string) => `/api/scholars/office/cases/${id}`;
const getCase = async (id: string, as: TSession = admin) => {
  const res = await call(t, 'GET', CASE(id), { as });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<scholarsApi.TOfficeCase>();
};
const today = () => officeToday();
const notes = (uid: string, type: string) =>
  t.sql<{ text: string; type_name: string }>(
    'select text, type_name from notifications where user_id = $1 and type_name = $2 order by created_at desc',
    [uid, type],
  );

describe('processSponsorship (Review Sponsorship Request): process as', () => {
  it('processes as H-1B: the program request, the case, the scholar mirror, a history row, and the scholar and department told', async () => {
    const k = await buildScholarCase(t, { user: 'scholar', firstName: 'Hiro', lastName: 'Tanaka', email: 'scholar@demo.example.edu' });
    const before = await getCase(k.applicationId);
    expect(before).toMatchObject({ processedState: '', sponsorshipState: 'submitted', canProcess: true, phase: 'sponsorship_request' });
    const res = await call(t, 'POST', `${CASE(k.applicationId)}/process`, {
      as: admin,
      body: { processAs: 'H-1B', version: before.version, notes: 'LCA filed' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const c = res.json<scholarsApi.TOfficeCase>();
    expect(c).toMatchObject({
      processedState: 'H-1B',
      sponsorshipState: 'processed',
      phase: 'application',
      status: 'pending',
      applicationState: 'not_started',
      processedStartDate: '2027-01-04',
      processedEndDate: '2029-12-31',
      version: before.version + 1,
      scholar: { processedState: 'H-1B', currentApplicationId: k.applicationId },
    });
    expect(c.history[0]).toMatchObject({
      phase: 'application',
      status: 'pending',
      visaCode: 'H-1B',
      changeReason: 'Processed as H-1B',
      notes: 'LCA filed',
      changedByName: 'Avery Admin',
    });
    const [req] = await t.sql<{ code: string; requester_user_id: string; subject_user_id: string; department_id: string; status: string }>(
      'select rt.code, r.requester_user_id, r.subject_user_id, r.department_id, r.status from requests r join request_types rt on rt.id = r.request_type_id where r.id = $1',
      [c.applicationRequest!.id],
    );
    // The application is the scholar's (subject) and the office's (the staff member who processed it), not the department's.
    expect(req).toMatchObject({
      code: 'h1b_application',
      requester_user_id: await userIdOf(t, 'admin'),
      subject_user_id: k.scholarUserId,
      status: 'draft',
    });
    expect((await requestStateOf(t, k.sponsorshipRequestId)).status).toBe('completed');
    expect(await auditActionsOf(t, k.applicationId, { entityType: 'scholar_application' })).toContain('scholar.processed');
    expect((await notes(k.scholarUserId!, 'scholar.processed'))[0]!.text).toMatch(/H-1B application/);
    const [mail] = await mailsTo(t, 'scholar@demo.example.edu');
    expect(mail!.text_body).toContain('https://portal.demo.test/#/scholar/edith1application');
    expect((await notes(await userIdOf(t, 'dept'), 'scholar.processed'))[0]!.text).toMatch(
      /processed the sponsorship request for Hiro Tanaka as H-1B/,
    );
  });

  it("processes as each visa type, with that type's engine request and editable dates", async () => {
    for (const kind of PROCESS_AS.filter((p) => p !== 'Ineligible')) {
      const k = await buildScholarCase(t, { department: 'CS', proposedStatus: "Don't Know" });
      const res = await call(t, 'POST', `${CASE(k.applicationId)}/process`, {
        as: officer,
        body: { processAs: kind, version: 1, processedStartDate: '2027-02-01', processedEndDate: '2028-01-31' },
      });
      expect(res.statusCode, `${kind}: ${res.body}`).toBe(200);
      const c = res.json<scholarsApi.TOfficeCase>();
      expect(c).toMatchObject({ processedState: kind, processedStartDate: '2027-02-01', processedEndDate: '2028-01-31' });
      const [r] = await t.sql<{ code: string; subject_user_id: string | null }>(
        'select rt.code, r.subject_user_id from requests r join request_types rt on rt.id = r.request_type_id where r.id = $1',
        [c.applicationRequest!.id],
      );
      expect(r).toEqual({ code: SCHOLAR_PROGRAM_TYPES[kind], subject_user_id: null });
    }
  });

  it('converts a processed H-1B case to J-1: a new program request, the old one dismissed, a history row', async () => {
    const k = await buildScholarCase(t, { processedState: 'H-1B', proposedStatus: 'H-1B' });
    const res = await call(t, 'POST', `${CASE(k.applicationId)}/process`, { as: admin, body: { processAs: 'J-1', version: 1 } });
    expect(res.statusCode, res.body).toBe(200);
    const c = res.json<scholarsApi.TOfficeCase>();
    expect(c.processedState).toBe('J-1');
    expect(c.applicationRequest!.id).not.toBe(k.applicationRequestId);
    expect(c.applicationRequest!.typeName).toBe('J-1 Application');
    expect(c.history[0]!.changeReason).toBe('Converted from H-1B to J-1');
    const [old] = await t.sql<{ status: string }>('select status from requests where id = $1', [k.applicationRequestId]);
    expect(old!.status).toBe('dismissed');
    const again = await call(t, 'POST', `${CASE(k.applicationId)}/process`, { as: admin, body: { processAs: 'J-1', version: c.version } });
    expect(again.statusCode).toBe(400);
    expect(again.json().fieldErrors.processAs[0]).toMatch(/already processed as J-1/);
    // The Requests tab lists both program requests and the sponsorship request.
    const list = await call(t, 'GET', `${CASE(k.applicationId)}/requests`, { as: admin });
    expect(
      list
        .json<scholarsApi.TCaseRequest[]>()
        .map((r) => r.typeCode)
        .sort(),
    ).toEqual(['h1b_application', 'j1_application', 'sponsorship_request']);
    // The case's own requests read where the case stands; the dismissed H-1B application is no longer the case's.
    const byCode = new Map(list.json<scholarsApi.TCaseRequest[]>().map((r) => [r.typeCode, r]));
    expect(byCode.get('sponsorship_request')!.case).toEqual({
      scholarApplicationId: k.applicationId,
      vocabulary: 'sponsorship',
      status: 'processed',
    });
    expect(byCode.get('j1_application')!.case).toMatchObject({ vocabulary: 'scholarApplication', status: 'not_started' });
    expect(byCode.get('h1b_application')!).toMatchObject({ status: 'dismissed', case: null });
  });

  it('closes a case as ineligible with a reason, and tells the department', async () => {
    const k = await buildScholarCase(t);
    const noReason = await call(t, 'POST', `${CASE(k.applicationId)}/process`, {
      as: admin,
      body: { processAs: 'Ineligible', version: 1 },
    });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().fieldErrors.reason).toEqual([scholarsApi.REASON_REQUIRED]);
    const res = await call(t, 'POST', `${CASE(k.applicationId)}/process`, {
      as: admin,
      body: { processAs: 'Ineligible', version: 1, reason: 'The position is not a specialty occupation.' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      processedState: 'Ineligible',
      sponsorshipState: 'ineligible',
      phase: 'closed',
      status: 'ineligible',
      applicationRequest: null,
    });
    const [sp] = await t.sql<{ status: string; status_message: string }>('select status, status_message from requests where id = $1', [
      k.sponsorshipRequestId,
    ]);
    expect(sp).toEqual({ status: 'rejected', status_message: 'The position is not a specialty occupation.' });
    expect((await notes(await userIdOf(t, 'dept'), 'scholar.ineligible'))[0]!.text).toMatch(/ineligible.*specialty occupation/);
  });

  it('refuses a request the department has not sent to the office (409) and end dates before the start (400)', async () => {
    const draft = await buildScholarCase(t, { sponsorshipState: 'draft' });
    const res = await call(t, 'POST', `${CASE(draft.applicationId)}/process`, { as: admin, body: { processAs: 'H-1B', version: 1 } });
    expect(res.statusCode).toBe(409);
    expect((await getCase(draft.applicationId)).canProcess).toBe(false);
    const k = await buildScholarCase(t);
    const bad = await call(t, 'POST', `${CASE(k.applicationId)}/process`, {
      as: admin,
      body: { processAs: 'O-1', version: 1, processedStartDate: '2028-01-01', processedEndDate: '2027-01-01' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fieldErrors.processedEndDate).toEqual([scholarsApi.END_BEFORE_START]);
  });
});

describe("office routes are the office's", () => {
  it('a department user and a scholar are refused every office route; another institution does not find the case', async () => {
    const k = await buildScholarCase(t, { user: 'scholar' });
    for (const as of [dept, scholar]) {
      expect((await call(t, 'GET', CASE(k.applicationId), { as })).statusCode).toBe(403);
      expect((await call(t, 'POST', `${CASE(k.applicationId)}/process`, { as, body: { processAs: 'H-1B', version: 1 } })).statusCode).toBe(
        403,
      );
      expect(
        (
          await call(t, 'POST', `${CASE(k.applicationId)}/status`, {
            as,
            body: { phase: 'filed', status: 'pending', changeDate: today(), version: 1 },
          })
        ).statusCode,
      ).toBe(403);
      expect((await call(t, 'GET', `${CASE(k.applicationId)}/history`, { as })).statusCode).toBe(403);
      expect(
        (
          await call(t, 'PUT', '/api/scholars/office/account-settings', {
            as,
            body: scholarsApi.ZAccountSettingsInput.parse({
              h1bInfoVisibleToDept: true,
              o1InfoVisibleToDept: true,
              endDateAlertOffsets: [60],
            }),
          })
        ).statusCode,
      ).toBe(403);
    }
    // The assistant works the case but does not reach its site-less engine requests (officers and super users do).
    expect((await getCase(k.applicationId, assistant)).canOpenRequests).toBe(false);
    expect((await getCase(k.applicationId, officer)).canOpenRequests).toBe(true);
    const b = await t.login('admin', { host: 'other.test' });
    expect((await call(t, 'GET', CASE(k.applicationId), { as: b, host: 'other.test' })).statusCode).toBe(404);
  });
});

describe('changeCaseStatus: status and phase changes', () => {
  it('writes a status history row and an audit event, tells the department of a new phase, and refuses a stale version', async () => {
    const k = await buildScholarCase(t, { processedState: 'H-1B', applicationState: 'submitted', data: h1bApplicationData() });
    const c0 = await getCase(k.applicationId);
    const body = {
      phase: 'filed',
      status: 'in_progress',
      notes: 'Filed with USCIS',
      changeDate: today(),
      referenceNumber: 'WAC2790012345',
      referenceDate: today(),
      changeReason: 'Petition mailed',
      version: c0.version,
    };
    const res = await call(t, 'POST', `${CASE(k.applicationId)}/status`, { as: assistant, body });
    expect(res.statusCode, res.body).toBe(200);
    const c = res.json<scholarsApi.TOfficeCase>();
    expect(c).toMatchObject({ phase: 'filed', status: 'in_progress', statusChangeDate: today(), version: c0.version + 1 });
    expect(c.history[0]).toMatchObject({
      phase: 'filed',
      status: 'in_progress',
      notes: 'Filed with USCIS',
      referenceNumber: 'WAC2790012345',
      changeReason: 'Petition mailed',
      visaCode: 'H-1B',
      isUnlocked: false,
    });
    const [a] = await t.sql<{ before: { phase: string }; after: { phase: string } }>(
      "select before, after from audit_events where entity_id = $1 and action = 'scholar.status-changed'",
      [k.applicationId],
    );
    expect([a!.before.phase, a!.after.phase]).toEqual(['isss_review', 'filed']);
    expect((await notes(await userIdOf(t, 'dept'), 'scholar.phase-changed'))[0]!.text).toMatch(/moved to Filed \(In Progress\)/);
    // Someone who opened the case before this change cannot overwrite it.
    const stale = await call(t, 'POST', `${CASE(k.applicationId)}/status`, { as: admin, body: { ...body, phase: 'approved' } });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toBe(scholarsApi.STALE_CASE);
    const stalePremium = await call(t, 'PUT', `${CASE(k.applicationId)}/premium-processing`, {
      as: admin,
      body: { premiumProcessing: { premiumProcessFlag: true }, version: c0.version },
    });
    expect(stalePremium.statusCode).toBe(409);
  });

  it('refuses a change dated in the future, and unlocking a case without an application', async () => {
    const k = await buildScholarCase(t);
    const future = daysFromToday(3);
    const res = await call(t, 'POST', `${CASE(k.applicationId)}/status`, {
      as: admin,
      body: { phase: 'sponsorship_request', status: 'on_hold', changeDate: future, version: 1 },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().fieldErrors.changeDate).toEqual([scholarsApi.FUTURE_CHANGE_DATE]);
    const unlock = await call(t, 'POST', `${CASE(k.applicationId)}/status`, {
      as: admin,
      body: { phase: 'sponsorship_request', status: 'on_hold', changeDate: today(), unlock: true, version: 1 },
    });
    expect(unlock.statusCode).toBe(400);
    expect(unlock.json().fieldErrors.unlock).toBeDefined();
  });

  it('unlock gives the submitted application back to the scholar, who is told and may change it again', async () => {
    const k = await buildScholarCase(t, {
      user: 'scholar',
      processedState: 'H-1B',
      applicationState: 'submitted',
      data: h1bApplicationData(),
    });
    const row = async () =>
      (await t.sql<Record<string, unknown>>('select * from scholar_applications where id = $1', [k.applicationId]))[0]!;
    const actor = { role: 'scholar', userId: k.scholarUserId!, departmentId: null } as never;
    const asCase = (r: Record<string, unknown>) =>
      ({ processedState: r.processed_state, applicationState: r.application_state, isLocked: r.is_locked }) as never;
    expect(canAccessCase(actor, asCase(await row()), { userId: k.scholarUserId }, 'apply')).toBe(false);
    const historyBefore = (await getCase(k.applicationId)).history.length;
    const res = await call(t, 'POST', `${CASE(k.applicationId)}/status`, {
      as: admin,
      body: {
        phase: 'application',
        status: 'pending',
        changeDate: today(),
        changeReason: 'Please add your I-94',
        unlock: true,
        version: 1,
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ applicationState: 'returned', isLocked: false });
    // One new history row, newest first: the unlock.
    expect(res.json().history).toHaveLength(historyBefore + 1);
    expect(res.json().history[0]).toMatchObject({ isUnlocked: true });
    expect(canAccessCase(actor, asCase(await row()), { userId: k.scholarUserId }, 'apply')).toBe(true);
    const [r] = await t.sql<{ status: string; status_message: string }>('select status, status_message from requests where id = $1', [
      k.applicationRequestId,
    ]);
    expect(r).toEqual({ status: 'clarification_requested', status_message: 'Please add your I-94' });
    expect((await notes(k.scholarUserId!, 'scholar.unlocked'))[0]!.text).toMatch(/returned your H-1B application.*Please add your I-94/);
  });
});

describe('status history', () => {
  it('reads in the order things happened, the same for the office and the department, each change with when it was recorded', async () => {
    const k = await buildScholarCase(t, { processedState: 'H-1B', applicationState: 'submitted', data: h1bApplicationData() });
    let version = (await getCase(k.applicationId)).version;
    const change = async (phase: string, status: string, changeDate: string, changeReason: string) => {
      const res = await call(t, 'POST', `${CASE(k.applicationId)}/status`, {
        as: admin,
        body: { phase, status, changeDate, changeReason, version },
      });
      expect(res.statusCode, res.body).toBe(200);
      version = res.json<scholarsApi.TOfficeCase>().version;
    };
    // Recorded out of order: the filing of five days ago is entered after today's approval.
    await change('petition_preparation', 'in_progress', daysFromToday(-2), 'Preparing');
    await change('approved', 'approved', daysFromToday(0), 'Approved');
    await change('filed', 'pending', daysFromToday(-1), 'Filed, entered late');
    await change('active', 'in_progress', daysFromToday(0), 'Started work');
    const mine = new Set(['Preparing', 'Approved', 'Filed, entered late', 'Started work']);
    const office = (await getCase(k.applicationId)).history.map((h) => h.changeReason).filter((r) => mine.has(r));
    // Newest first by the change date the office gave; two changes of one day in the order they were recorded.
    expect(office).toEqual(['Started work', 'Approved', 'Filed, entered late', 'Preparing']);
    const deptCase = await call(t, 'GET', `/api/scholars/department/cases/${k.applicationId}`, { as: dept });
    expect(deptCase.statusCode, deptCase.body).toBe(200);
    const history = deptCase.json<scholarsApi.TDeptCase>().statusHistory;
    expect(history.map((h) => h.changeReason).filter((r) => mine.has(r))).toEqual(office);
    // The department reads the whole history in the office's order, with the office's words.
    expect(history.map((h) => h.id)).toEqual((await getCase(k.applicationId)).history.map((h) => h.id));
    expect(history[0]).toMatchObject({ changeReason: 'Started work', statusLabel: 'In Progress', phaseLabel: 'Active' });
    expect(Date.parse(history[0]!.recordedAt)).toBeGreaterThan(Date.parse(history[1]!.recordedAt));
  });

  it('two changes written in one transaction keep the order they were made in', async () => {
    const k = await buildScholarCase(t);
    const row = (reason: string) =>
      `insert into scholar_status_history (institution_id, application_id, phase, status, change_date, change_reason)
       values ('${t.institutionA}', '${k.applicationId}', 'sponsorship_request', 'on_hold', current_date + 1, '${reason}');`;
    // One transaction: its now() is one instant for both rows; the order must come from the rows themselves.
    for (let i = 0; i < 3; i++) {
      await t.sql(`begin; ${row(`first ${i}`)} ${row(`second ${i}`)} commit;`);
      const reasons = (await getCase(k.applicationId)).history.map((h) => h.changeReason);
      expect(reasons.slice(0, 2)).toEqual([`second ${i}`, `first ${i}`]);
    }
  });
});

describe('office data, premium processing and employment', () => {
  it('saves each part with the version, checks fields, and the History Log names what changed', async () => {
    const k = await buildScholarCase(t, { processedState: 'H-1B' });
    let v = 1;
    const put = async (part: string, body: Record<string, unknown>) =>
      call(t, 'PUT', `${CASE(k.applicationId)}/${part}`, { as: admin, body: { ...body, version: v } });
    const badSoc = await put('office-data', { officeData: { socCode: '151252' } });
    expect(badSoc.statusCode).toBe(400);
    expect(badSoc.json().fieldErrors['officeData.socCode']).toBeDefined();
    let res = await put('office-data', {
      officeData: {
        lcaNumber: 'I-200-27001-123456',
        socCode: '15-1252',
        wageLevel: 'II',
        prevailingWage: '85000',
        offeredWage: '92000.50',
        wageUnit: 'year',
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    v = res.json().version;
    res = await put('premium-processing', {
      premiumProcessing: { premiumProcessFlag: true, receiptNumber: 'WAC2790012345', requestedDate: '2026-10-01', fee: '2805' },
    });
    expect(res.statusCode, res.body).toBe(200);
    v = res.json().version;
    res = await put('employment', {
      employment: {
        employerName: 'Demo University',
        jobTitle: 'Postdoctoral Fellow',
        hoursPerWeek: 40,
        wages: '92000',
        startDate: '2027-01-04',
        endDate: '2026-01-01',
        opt: true,
      },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().fieldErrors['employment.endDate']).toEqual([scholarsApi.END_BEFORE_START]);
    res = await put('employment', {
      employment: {
        employerName: 'Demo University',
        jobTitle: 'Postdoctoral Fellow',
        hoursPerWeek: 40,
        wages: '92000',
        startDate: '2027-01-04',
        academicTraining: true,
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    const c = res.json<scholarsApi.TOfficeCase>();
    expect(c.officeData).toMatchObject({ lcaNumber: 'I-200-27001-123456', wageLevel: 'II', offeredWage: '92000.50' });
    expect(c.premiumProcessing).toMatchObject({ premiumProcessFlag: true, receiptNumber: 'WAC2790012345', fee: '2805' });
    expect(c.employment).toMatchObject({ jobTitle: 'Postdoctoral Fellow', hoursPerWeek: 40, academicTraining: true, opt: false });
    const [{ premium_process_flag }] = (await t.sql<{ premium_process_flag: boolean }>(
      'select premium_process_flag from scholar_applications where id = $1',
      [k.applicationId],
    )) as [{ premium_process_flag: boolean }];
    expect(premium_process_flag).toBe(true);
    const hist = await call(t, 'GET', `${CASE(k.applicationId)}/history`, { as: admin });
    const events = hist.json().items as Array<{ action: string; after: Record<string, unknown> }>;
    expect(events.map((e) => e.action).slice(0, 3)).toEqual([
      'scholar.employment.updated',
      'scholar.premium-processing.updated',
      'scholar.office-data.updated',
    ]);
    expect(Object.keys(events[2]!.after).sort()).toEqual([
      'lcaNumber',
      'offeredWage',
      'prevailingWage',
      'socCode',
      'wageLevel',
      'wageUnit',
    ]);
  });
});

describe('Requests, Documents and History Log of a converted case', () => {
  it('keep the earlier program request: its files on Documents, its events in the History Log', async () => {
    const k = await buildScholarCase(t, { processedState: 'H-1B' });
    const file = (requestId: string, fileName: string, status = 'active') => buildAttachment(t, { requestId, fileName, status });
    await file(k.applicationRequestId!, 'lca.pdf');
    await file(k.applicationRequestId!, 'old.pdf', 'deleted');
    await file(k.sponsorshipRequestId, 'offer-letter.pdf');
    const res = await call(t, 'POST', `${CASE(k.applicationId)}/process`, { as: admin, body: { processAs: 'O-1', version: 1 } });
    expect(res.statusCode, res.body).toBe(200);
    const docs = (await call(t, 'GET', `${CASE(k.applicationId)}/documents`, { as: officer })).json<scholarsApi.TCaseDocument[]>();
    expect(docs.map((d) => d.fileName).sort()).toEqual(['lca.pdf', 'offer-letter.pdf']);
    expect(docs.find((d) => d.fileName === 'lca.pdf')!.requestTypeName).toBe('H-1B Application');
    const hist = (await call(t, 'GET', `${CASE(k.applicationId)}/history`, { as: officer })).json<{
      items: Array<{ action: string; entityId: string }>;
    }>();
    expect(hist.items.map((e) => e.action)).toEqual(expect.arrayContaining(['scholar.converted', 'request.created', 'request.dismiss']));
    expect(hist.items.find((e) => e.action === 'request.dismiss')!.entityId).toBe(k.applicationRequestId);
  });
});

describe('Account Settings for H-1B and O-1', () => {
  const S = '/api/scholars/office/account-settings';
  it('reads the defaults, refuses bad offsets on the field, saves and audits', async () => {
    expect((await call(t, 'GET', S, { as: admin })).json()).toEqual({
      h1bInfoVisibleToDept: false,
      o1InfoVisibleToDept: false,
      endDateAlertOffsets: [60, 30],
    });
    for (const [offsets, msg] of [
      [[30, 30], 'Each alert needs a different number of days'],
      [[0], 'Enter a number of days from 1 to 365'],
      [[], 'Keep at least one alert'],
      [[10.5], 'Enter whole days'],
    ] as const) {
      const res = await call(t, 'PUT', S, {
        as: admin,
        body: { h1bInfoVisibleToDept: true, o1InfoVisibleToDept: false, endDateAlertOffsets: offsets },
      });
      expect(res.statusCode).toBe(400);
      expect(JSON.stringify(res.json().fieldErrors)).toContain(msg);
    }
    const ok = await call(t, 'PUT', S, {
      as: officer,
      body: { h1bInfoVisibleToDept: true, o1InfoVisibleToDept: false, endDateAlertOffsets: [30, 90, 60] },
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toEqual({ h1bInfoVisibleToDept: true, o1InfoVisibleToDept: false, endDateAlertOffsets: [90, 60, 30] });
    expect((await call(t, 'GET', S, { as: admin })).json().endDateAlertOffsets).toEqual([90, 60, 30]);
    const [a] = await t.sql<{ before: { h1bInfoVisibleToDept: boolean } }>(
      "select before from audit_events where action = 'scholar.account-settings.updated' and institution_id = $1",
      [t.institutionA],
    );
    expect(a!.before.h1bInfoVisibleToDept).toBe(false);
    expect(
      (
        await call(t, 'PUT', S, {
          as: assistant,
          body: { h1bInfoVisibleToDept: false, o1InfoVisibleToDept: false, endDateAlertOffsets: [60, 30] },
        })
      ).statusCode,
    ).toBe(403);
  });
});

describe('Templates per visa type', () => {
  it('choosing the H-1B documents and questionnaires changes what an H-1B application asks for, through the request type update', async () => {
    const list = await call(t, 'GET', '/api/scholars/office/templates', { as: admin });
    expect(list.statusCode, list.body).toBe(200);
    const out = list.json<scholarsApi.TTemplatesOutput>();
    expect(out.templates.map((x) => x.label)).toEqual([
      'Sponsorship request',
      'H-1B',
      'H-1B Extension',
      'H-1B Amendment',
      'O-1',
      'O-1 Amendment',
      'O-1 Extension',
      'J-1',
      'F-1 OPT/STEM',
    ]);
    const doc = out.documents[0]!;
    const q = out.questionnaires.find((x) => !x.isRetired)!;
    const k = await buildScholarCase(t, { user: 'scholar', processedState: 'H-1B' });
    const res = await call(t, 'PUT', '/api/scholars/office/templates/h1b_application', {
      as: admin,
      body: { questionnaireIds: [q.id], documentIds: [doc.id] },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ key: 'H-1B', questionnaireIds: [q.id], documentIds: [doc.id] });
    const r = await call(t, 'GET', `/api/requests/${k.applicationRequestId}`, { as: scholar });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json()).toMatchObject({ documentIds: [doc.id] });
    expect(r.json().questionnaireIds).toContain(q.id);
    const [a] = await t.sql<{ after: { documentIds: string[] } }>(
      "select after from audit_events where action = 'request-type.updated' and entity_id = $1",
      [res.json().requestTypeId],
    );
    expect(a!.after.documentIds).toEqual([doc.id]);
    const unknown = await call(t, 'PUT', '/api/scholars/office/templates/h1b_application', {
      as: admin,
      body: { questionnaireIds: [], documentIds: ['00000000-0000-4000-8000-000000000000'] },
    });
    expect(unknown.statusCode).toBe(400);
    expect((await call(t, 'PUT', '/api/scholars/office/templates/cpt_request', { as: admin, body: {} })).statusCode).toBe(400);
  });
});

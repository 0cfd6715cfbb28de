import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scholarsApi, type TSession, type TWorkflow } from '@meridian/domain';
import { createTestApp, type TTestApp } from './app.js';
import { call, latestLink, mailsTo } from './http.js';
import {
  buildScholarCase,
  buildUser,
  buildWorkflow,
  clearScholarAccountSettings,
  departmentIdOf,
  setScholarAccountSettings,
  updateScholar,
  userIdOf,
} from './factories/index.js';
import { auditActionsOf } from './readers.js';

let t: TTestApp;
let dept: TSession;
let admin: TSession;
let n = 0;

beforeAll(async () => {
  t = await createTestApp();
  [dept, admin] = await Promise.all([t.login('dept'), t.login('admin')]);
});
afterAll(async () => {
  await t?.close();
});

const P = '/api/scholars/department';
function sponsorship(over: Partial<scholarsApi.TSponsorshipInput> = {}): scholarsApi.TSponsorshipInput {
  n += 1;
  return {
    firstName: 'Marie',
    lastName: `Curie${n}`,
    email: `marie.curie${n}.${Date.now()}@example.org`,
    proposedStatus: 'H-1B',
    proposedStartDate: '2027-01-04',
    proposedEndDate: '2029-12-31',
    position: 'Postdoctoral Researcher',
    hiringAuthorityName: 'Prof. Pierre Curie',
    hiringAuthorityEmail: 'pierre@example.edu',
    ...over,
  };
}
async function create(over: Partial<scholarsApi.TSponsorshipInput> = {}): Promise<scholarsApi.TDeptCase> {
  const res = await call(t, 'POST', `${P}/cases`, { as: dept, body: sponsorship(over) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<scholarsApi.TDeptCase>();
}
async function approvalToken(to: string): Promise<string> {
  const mails = (await mailsTo(t, to)).filter((m) => m.purpose === 'approval-link');
  const m = /advisor-approval\/([A-Za-z0-9_-]+)/.exec(mails[0]?.text_body ?? '');
  if (!m) throw new Error(`no approval link to ${to}`);
  return m[1]!;
}
async function deptWorkflow(name: string, isActive = true): Promise<TWorkflow> {
  const res = await call(t, 'POST', `${P}/workflows`, {
    as: dept,
    body: { name, isActive, steps: [{ approverKind: 'user', approverUserId: await userIdOf(t, 'advisor') }] },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<TWorkflow>();
}
const setWorkflow = (id: string | null) =>
  call(t, 'PUT', `${P}/config`, { as: dept, body: { contacts: [], sitesOfActivity: [], sponsorshipWorkflowId: id } });

describe('New Sponsorship Request', () => {
  it('saves a draft: the scholar, the case and its sponsorship_request engine request in one go, audited', async () => {
    const c = await create();
    expect(c).toMatchObject({
      sponsorshipState: 'draft',
      departmentName: 'Department of Physics',
      statusText: 'Draft: not yet sent',
      canEdit: true,
      canSend: true,
      isInvited: false,
      version: 1,
    });
    const [row] = await t.sql<{ code: string; department_id: string; subject_user_id: string | null; status: string }>(
      'select rt.code, r.department_id, r.subject_user_id, r.status from requests r join request_types rt on rt.id = r.request_type_id where r.id = $1',
      [c.sponsorshipRequestId],
    );
    expect(row).toMatchObject({
      code: 'sponsorship_request',
      department_id: await departmentIdOf(t, 'PHYS'),
      subject_user_id: null,
      status: 'draft',
    });
    expect(await auditActionsOf(t, c.applicationId, { entityType: 'scholar_application' })).toEqual(['sponsorship.created']);
  });

  it('refuses a save without a hiring authority, with the message on that field (server as well as browser)', async () => {
    const res = await call(t, 'POST', `${P}/cases`, { as: dept, body: sponsorship({ hiringAuthorityName: '  ' }) });
    expect(res.statusCode).toBe(400);
    expect(res.json().fieldErrors.hiringAuthorityName).toEqual([scholarsApi.DEPT_MSG.hiringAuthorityRequired]);
    // The browser's schema says the same words.
    const parsed = scholarsApi.ZSponsorshipInput.safeParse(sponsorship({ hiringAuthorityName: '' }));
    expect(parsed.success ? [] : parsed.error.issues.filter((i) => i.path[0] === 'hiringAuthorityName').map((i) => i.message)).toEqual([
      scholarsApi.DEPT_MSG.hiringAuthorityRequired,
    ]);
  });

  it('refuses an end date not after the start date, on the end date', async () => {
    const res = await call(t, 'POST', `${P}/cases`, { as: dept, body: sponsorship({ proposedEndDate: '2027-01-04' }) });
    expect(res.statusCode).toBe(400);
    expect(res.json().fieldErrors.proposedEndDate).toEqual([scholarsApi.DEPT_MSG.endAfterStart]);
  });

  it('refuses the e-mail of an existing scholar of the institution, on the e-mail field', async () => {
    const first = await create();
    const res = await call(t, 'POST', `${P}/cases`, { as: dept, body: sponsorship({ email: first.email.toUpperCase() }) });
    expect(res.statusCode).toBe(409);
    expect(res.json().fieldErrors.email).toEqual([scholarsApi.DEPT_MSG.duplicateEmail]);
    // Another department's scholar with that e-mail counts too (one person, one record).
    const cs = await buildScholarCase(t, { department: 'CS' });
    const [other] = await t.sql<{ email: string }>('select email from scholars where id = $1', [cs.scholarId]);
    expect((await call(t, 'POST', `${P}/cases`, { as: dept, body: sponsorship({ email: other!.email }) })).statusCode).toBe(409);
  });

  it('edits a draft with its version; an older version answers 409', async () => {
    const c = await create();
    const ok = await call(t, 'PUT', `${P}/cases/${c.applicationId}`, {
      as: dept,
      body: { ...sponsorship({ email: c.email }), position: 'Research Scientist', version: 1 },
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({ position: 'Research Scientist', version: 2 });
    const stale = await call(t, 'PUT', `${P}/cases/${c.applicationId}`, {
      as: dept,
      body: { ...sponsorship({ email: c.email }), version: 1 },
    });
    expect(stale.statusCode).toBe(409);
    const events = (await call(t, 'GET', `${P}/cases/${c.applicationId}/events`, { as: dept })).json<{
      items: scholarsApi.TCaseEvent[];
    }>();
    expect(events.items[0]).toMatchObject({ action: 'sponsorship.updated', actorName: 'Dana Department' });
    expect(events.items[0]!.details).toContain('Position: Postdoctoral Researcher → Research Scientist');
  });
});

describe('department scoping', () => {
  it("answers 404 for another department's case on every case route, and lists only the department's cases", async () => {
    const foreign = await buildScholarCase(t, { department: 'CS', lastName: 'Foreigner' });
    const own = await buildScholarCase(t, { department: 'PHYS', lastName: 'Ownperson' });
    const id = foreign.applicationId;
    const calls = [
      call(t, 'GET', `${P}/cases/${id}`, { as: dept }),
      call(t, 'PUT', `${P}/cases/${id}`, { as: dept, body: { ...sponsorship(), version: 1 } }),
      call(t, 'POST', `${P}/cases/${id}/invite`, { as: dept }),
      call(t, 'POST', `${P}/cases/${id}/send`, { as: dept }),
      call(t, 'GET', `${P}/cases/${id}/events`, { as: dept }),
    ];
    for (const res of await Promise.all(calls)) expect(res.statusCode, res.body).toBe(404);
    const list = (await call(t, 'GET', `${P}/cases`, { as: dept, query: { pageSize: 100 } })).json<{
      items: scholarsApi.TDeptCaseSummary[];
      total: number;
    }>();
    const ids = list.items.map((i) => i.applicationId);
    expect(ids).toContain(own.applicationId);
    expect(ids).not.toContain(id);
    const { n: physics } = await t.sqlOne<{ n: string }>('select count(*) as n from scholar_applications where department_id = $1', [
      await departmentIdOf(t, 'PHYS'),
    ]);
    expect(list.total).toBe(Number(physics));
    // Each listed case opens (list scope = record scope).
    for (const i of list.items.slice(0, 5))
      expect((await call(t, 'GET', `${P}/cases/${i.applicationId}`, { as: dept })).statusCode).toBe(200);
    expect((await call(t, 'GET', `${P}/cases`, { as: dept, query: { q: 'Foreigner' } })).json().total).toBe(0);
  });

  it('searches by name and e-mail, filters by tab and counts each tab', async () => {
    const a = await create({ lastName: 'Searchable', firstName: 'Zed' });
    const res = (await call(t, 'GET', `${P}/cases`, { as: dept, query: { q: 'zed search' } })).json<{
      items: scholarsApi.TDeptCaseSummary[];
      counts: Record<string, number>;
    }>();
    expect(res.items.map((i) => i.applicationId)).toEqual([a.applicationId]);
    const byMail = (await call(t, 'GET', `${P}/cases`, { as: dept, query: { q: a.email } })).json<{
      items: scholarsApi.TDeptCaseSummary[];
    }>();
    expect(byMail.items.map((i) => i.applicationId)).toEqual([a.applicationId]);
    // One scholar's cases (a notification names the scholar); another department's scholar has none here.
    const byScholar = (await call(t, 'GET', `${P}/cases`, { as: dept, query: { scholarId: a.scholarId } })).json<{
      items: scholarsApi.TDeptCaseSummary[];
    }>();
    expect(byScholar.items.map((i) => i.applicationId)).toEqual([a.applicationId]);
    const foreign = await buildScholarCase(t, { department: 'MED' });
    expect((await call(t, 'GET', `${P}/cases`, { as: dept, query: { scholarId: foreign.scholarId } })).json().total).toBe(0);
    const drafts = (await call(t, 'GET', `${P}/cases`, { as: dept, query: { tab: 'draft', pageSize: 100 } })).json<{
      items: scholarsApi.TDeptCaseSummary[];
      counts: Record<string, number>;
      total: number;
    }>();
    expect(drafts.items.every((i) => i.sponsorshipState === 'draft')).toBe(true);
    expect(drafts.total).toBe(drafts.counts.draft);
    const processed = await buildScholarCase(t, { processedState: 'H-1B', phase: 'filed', status: 'in_progress' });
    const p = (await call(t, 'GET', `${P}/cases/${processed.applicationId}`, { as: dept })).json<scholarsApi.TDeptCase>();
    expect(p.statusText).toBe('H-1B: Filed, In Progress');
  });

  it('hides the office H-1B information unless the account settings show it to departments', async () => {
    const c = await buildScholarCase(t, {
      processedState: 'H-1B',
      officeData: { lcaNumber: 'I-200-12345', wageLevel: 'II' },
    });
    const hidden = (await call(t, 'GET', `${P}/cases/${c.applicationId}`, { as: dept })).json<scholarsApi.TDeptCase>();
    expect(hidden.officeInformation).toBeNull();
    expect(JSON.stringify(hidden)).not.toContain('I-200-12345');
    await setScholarAccountSettings(t, { h1bInfoVisibleToDept: true, o1InfoVisibleToDept: false, endDateAlertOffsets: [60, 30] });
    const shown = (await call(t, 'GET', `${P}/cases/${c.applicationId}`, { as: dept })).json<scholarsApi.TDeptCase>();
    expect(shown.officeInformation).toEqual({ kind: 'H-1B', data: { lcaNumber: 'I-200-12345', wageLevel: 'II' } });
    const o1 = await buildScholarCase(t, { processedState: 'O-1', officeData: { consultation: 'AGMA' } });
    expect(
      (await call(t, 'GET', `${P}/cases/${o1.applicationId}`, { as: dept })).json<scholarsApi.TDeptCase>().officeInformation,
    ).toBeNull();
    await clearScholarAccountSettings(t);
  });
});

describe('inviteScholar', () => {
  it('creates the scholar account, links it and e-mails a set-up link that sets the password; the scholar signs in', async () => {
    const c = await create();
    const res = await call(t, 'POST', `${P}/cases/${c.applicationId}/invite`, { as: dept });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ isInvited: true, hasAccount: false, canInvite: true });
    const [u] = await t.sql<{ id: string; role: string; user_name: string; password_hash: string | null }>(
      'select id, role, user_name, password_hash from users where lower(email) = lower($1)',
      [c.email],
    );
    expect(u).toMatchObject({ role: 'scholar', user_name: c.email, password_hash: null });
    const [s] = await t.sql<{ user_id: string }>('select user_id from scholars where id = $1', [c.scholarId]);
    expect(s!.user_id).toBe(u!.id);
    const [r] = await t.sql<{ subject_user_id: string }>('select subject_user_id from requests where id = $1', [c.sponsorshipRequestId]);
    expect(r!.subject_user_id).toBe(u!.id);
    // Re-inviting sends a new link; the first stops working.
    const first = await latestLink(t, c.email);
    expect(first.url).toContain('/#/login/pass-reset/');
    expect((await call(t, 'POST', `${P}/cases/${c.applicationId}/invite`, { as: dept })).statusCode).toBe(200);
    const second = await latestLink(t, c.email);
    expect(second.token).not.toBe(first.token);
    const stale = await call(t, 'POST', '/api/auth/password-links/use', {
      body: { token: first.token, password: 'Curie-Radium-1898', confirmPassword: 'Curie-Radium-1898' },
    });
    expect(stale.statusCode).toBeGreaterThanOrEqual(400);
    const set = await call(t, 'POST', '/api/auth/password-links/use', {
      body: { token: second.token, password: 'Curie-Radium-1898', confirmPassword: 'Curie-Radium-1898' },
    });
    expect(set.statusCode, set.body).toBe(200);
    const session = await t.login(c.email, { password: 'Curie-Radium-1898' });
    expect(session).toMatchObject({ userRole: 'scholar', processedState: '' });
    const listed = (await call(t, 'GET', `${P}/cases`, { as: dept, query: { q: c.email } })).json<{
      items: scholarsApi.TDeptCaseSummary[];
    }>();
    expect(listed.items[0]).toMatchObject({ isInvited: true, hasAccount: true });
    const mine = await call(t, 'GET', '/api/scholars/my-sponsorship-request', { as: session });
    expect(mine.statusCode, mine.body).toBe(200);
    expect(mine.json()).toMatchObject({
      lastName: c.lastName,
      proposedStatus: 'H-1B',
      isProcessed: false,
      departmentName: 'Department of Physics',
    });
    // Once the password is set, there is nothing to invite to.
    const again = await call(t, 'POST', `${P}/cases/${c.applicationId}/invite`, { as: dept });
    expect(again.statusCode).toBe(409);
    expect((await call(t, 'GET', `${P}/cases/${c.applicationId}`, { as: dept })).json<scholarsApi.TDeptCase>().canInvite).toBe(false);
  });

  it('refuses an e-mail that already belongs to another portal account, clearly', async () => {
    const c = await create({ email: 'officer.lookalike@example.org' });
    // The department corrects the address to one a staff account already has.
    await updateScholar(t, c.scholarId, { email: 'officer@demo.example.edu' });
    const res = await call(t, 'POST', `${P}/cases/${c.applicationId}/invite`, { as: dept });
    expect(res.statusCode).toBe(409);
    expect(res.json().fieldErrors.email).toEqual([scholarsApi.DEPT_MSG.emailTakenByUser]);
  });
});

describe('sendForApproval', () => {
  it('without a workflow goes straight to the office, which is told', async () => {
    await setWorkflow(null);
    const c = await create();
    const res = await call(t, 'POST', `${P}/cases/${c.applicationId}/send`, { as: dept });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      sponsorshipState: 'submitted',
      canEdit: false,
      statusText: 'With the office: not yet processed',
    });
    const [r] = await t.sql<{ status: string }>('select status from requests where id = $1', [c.sponsorshipRequestId]);
    expect(r!.status).toBe('submitted');
    const told = await t.sql('select 1 from notifications where request_id = $1 and type_name = $2', [
      c.sponsorshipRequestId,
      'scholar.sponsorship.submitted',
    ]);
    expect(told.length).toBeGreaterThan(0);
    // Sent once: a second send and an edit are refused.
    expect((await call(t, 'POST', `${P}/cases/${c.applicationId}/send`, { as: dept })).statusCode).toBe(409);
    expect(
      (await call(t, 'PUT', `${P}/cases/${c.applicationId}`, { as: dept, body: { ...sponsorship({ email: c.email }), version: 2 } }))
        .statusCode,
    ).toBe(409);
  });

  it("with the department's workflow runs the engine's approval chain; approval sends it to the office", async () => {
    const wf = await deptWorkflow('Physics chair approval');
    expect((await setWorkflow(wf.id)).statusCode).toBe(200);
    const c = await create();
    const res = await call(t, 'POST', `${P}/cases/${c.applicationId}/send`, { as: dept });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      sponsorshipState: 'pending_approval',
      workflowName: 'Physics chair approval',
      approvals: [{ approverName: 'Alex Advisor', status: 'pending' }],
    });
    const inspect = await call(t, 'POST', '/api/approvals/inspect', { body: { token: await approvalToken('advisor@demo.example.edu') } });
    expect(inspect.json()).toMatchObject({
      typeCode: 'sponsorship_request',
      data: { scholarName: `Marie ${c.lastName}`, departmentName: 'Department of Physics', proposedStatus: 'H-1B' },
    });
    const token = await approvalToken('advisor@demo.example.edu');
    const ok = await call(t, 'POST', '/api/approvals/decide', { body: { token, decision: 'approve', comment: 'Fine.' } });
    expect(ok.statusCode, ok.body).toBe(200);
    const after = (await call(t, 'GET', `${P}/cases/${c.applicationId}`, { as: dept })).json<scholarsApi.TDeptCase>();
    expect(after).toMatchObject({ sponsorshipState: 'submitted', approvals: [{ status: 'approved' }] });
    const told = await t.sql('select 1 from notifications where request_id = $1 and type_name = $2', [
      c.sponsorshipRequestId,
      'scholar.sponsorship.submitted',
    ]);
    expect(told.length).toBeGreaterThan(0);
    const events = (await call(t, 'GET', `${P}/cases/${c.applicationId}/events`, { as: dept })).json<{
      items: scholarsApi.TCaseEvent[];
    }>();
    expect(events.items.map((e) => e.action)).toEqual(['sponsorship.approved', 'sponsorship.sent', 'sponsorship.created']);
  });

  it('a rejection comes back to the department with the reason; it edits and sends again', async () => {
    const wf = await deptWorkflow('Dean approval');
    await setWorkflow(wf.id);
    const c = await create();
    await call(t, 'POST', `${P}/cases/${c.applicationId}/send`, { as: dept });
    const token = await approvalToken('advisor@demo.example.edu');
    expect(
      (await call(t, 'POST', '/api/approvals/decide', { body: { token, decision: 'reject', comment: 'Funding not confirmed.' } }))
        .statusCode,
    ).toBe(200);
    const rejected = (await call(t, 'GET', `${P}/cases/${c.applicationId}`, { as: dept })).json<scholarsApi.TDeptCase>();
    expect(rejected).toMatchObject({
      sponsorshipState: 'rejected',
      canEdit: true,
      rejectionReason: 'Alex Advisor: Funding not confirmed.',
    });
    // The scholars module tells people, not the generic engine ("back with the office" would be wrong here).
    expect(
      await t.sql('select 1 from notifications where request_id = $1 and type_name like $2', [
        c.sponsorshipRequestId,
        'request.approvers_%',
      ]),
    ).toHaveLength(0);
    const mail = (await mailsTo(t, 'dept@demo.example.edu')).find((m) => m.purpose === 'scholar.sponsorship.rejected');
    expect(mail?.text_body).toContain('Funding not confirmed.');
    const edit = await call(t, 'PUT', `${P}/cases/${c.applicationId}`, {
      as: dept,
      body: { ...sponsorship({ email: c.email }), version: rejected.version },
    });
    expect(edit.statusCode, edit.body).toBe(200);
    const again = await call(t, 'POST', `${P}/cases/${c.applicationId}/send`, { as: dept });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toMatchObject({ sponsorshipState: 'pending_approval', approvals: [{ status: 'pending' }] });
    await setWorkflow(null);
  });

  it('an inactive workflow is refused with a clear message', async () => {
    const wf = await deptWorkflow('Soon inactive');
    await setWorkflow(wf.id);
    await call(t, 'PUT', `${P}/workflows/${wf.id}`, {
      as: dept,
      body: { name: wf.name, isActive: false, steps: [{ approverKind: 'user', approverUserId: await userIdOf(t, 'advisor') }] },
    });
    const c = await create();
    const res = await call(t, 'POST', `${P}/cases/${c.applicationId}/send`, { as: dept });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(scholarsApi.DEPT_MSG.workflowInactive);
    await setWorkflow(null);
  });
});

describe('Departmental Configurations and workflows of the department admin', () => {
  it('saves contacts, sites of activity and the workflow, one primary each', async () => {
    const body = {
      contacts: [{ name: 'Dana Department', title: 'Administrator', email: 'dana@example.edu', phone: '555-123-4567', isPrimary: true }],
      sitesOfActivity: [
        { name: 'Physics Building', address1: '1 Science Way', city: 'Springfield', state: 'IL', postalCode: '62701', isPrimary: true },
      ],
      sponsorshipWorkflowId: null,
    };
    const res = await call(t, 'PUT', `${P}/config`, { as: dept, body });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      departmentName: 'Department of Physics',
      contacts: [{ name: 'Dana Department', isPrimary: true }],
      sitesOfActivity: [{ city: 'Springfield', address2: '' }],
    });
    const two = await call(t, 'PUT', `${P}/config`, {
      as: dept,
      body: { ...body, contacts: [...body.contacts, { ...body.contacts[0], name: 'Other' }] },
    });
    expect(two.statusCode).toBe(400);
    expect(two.json().fieldErrors.contacts).toEqual([scholarsApi.DEPT_MSG.onePrimary]);
  });

  it("never shows or changes the office's or another department's workflows", async () => {
    const office = await call(t, 'POST', '/api/workflows', {
      as: admin,
      body: { name: 'Office chain', eventCode: 'X', steps: [{ approverKind: 'user', approverUserId: await userIdOf(t, 'officer') }] },
    });
    expect(office.statusCode, office.body).toBe(200);
    const csId = await departmentIdOf(t, 'CS');
    const csApprover = await buildUser(t, { role: 'department', departmentId: csId });
    const cs = await buildWorkflow(t, {
      name: 'CS chain',
      eventCode: 'SPONSORSHIP_REQUEST',
      departmentId: csId,
      steps: [{ approverKind: 'user', approverUserId: csApprover.id }],
    });
    const list = (await call(t, 'GET', `${P}/workflows`, { as: dept })).json<TWorkflow[]>();
    expect(list.map((w) => w.name)).not.toContain('Office chain');
    expect(list.map((w) => w.name)).not.toContain('CS chain');
    const steps = [{ approverKind: 'user', approverUserId: await userIdOf(t, 'advisor') }];
    expect((await call(t, 'PUT', `${P}/workflows/${office.json().id}`, { as: dept, body: { name: 'x', steps } })).statusCode).toBe(404);
    expect((await call(t, 'PUT', `${P}/workflows/${cs.id}`, { as: dept, body: { name: 'x', steps } })).statusCode).toBe(404);
    // Nor choose one as the sponsorship workflow, nor name office staff or an advisor step as approvers.
    expect((await setWorkflow(cs.id)).statusCode).toBe(400);
    const officerStep = await call(t, 'POST', `${P}/workflows`, {
      as: dept,
      body: { name: 'y', steps: [{ approverKind: 'user', approverUserId: await userIdOf(t, 'officer') }] },
    });
    expect(officerStep.json().fieldErrors['steps.0.approverUserId']).toEqual([scholarsApi.DEPT_MSG.approverNotInDepartment]);
    const advisorStep = await call(t, 'POST', `${P}/workflows`, {
      as: dept,
      body: { name: 'z', steps: [{ approverKind: 'faculty_advisor' }] },
    });
    expect(advisorStep.json().fieldErrors['steps.0.approverKind']).toEqual([scholarsApi.DEPT_MSG.advisorStepNotAllowed]);
    const candidates = (await call(t, 'GET', `${P}/approver-candidates`, { as: dept })).json<scholarsApi.TDeptApproverCandidates>();
    expect(candidates.people.map((p) => p.role).every((r) => r === 'department' || r === 'advisor')).toBe(true);
  });

  it('a department user who is not an admin may not reach configurations or workflows', async () => {
    const u = await buildUser(t, {
      userName: 'deptplain',
      email: 'deptplain@demo.example.edu',
      firstName: 'Plain',
      lastName: 'Dept',
      role: 'department',
      departmentId: await departmentIdOf(t, 'PHYS'),
      canSignIn: true,
    });
    expect(u).toBeTruthy();
    const plain = await t.login('deptplain');
    expect((await call(t, 'GET', `${P}/config`, { as: plain })).statusCode).toBe(403);
    expect((await call(t, 'GET', `${P}/workflows`, { as: plain })).statusCode).toBe(403);
    expect((await call(t, 'GET', `${P}/cases`, { as: plain })).statusCode).toBe(200);
  });
});

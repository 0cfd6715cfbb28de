import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DECISION_MSG, type TRequestDetail, type TSession } from '@meridian/domain';
import { createTestApp, type TTestApp } from './app.js';
import { call, mailsTo, userIds } from './http.js';
import { buildRequest, buildRequestType, buildUser, buildWorkflow, cptRequestData } from './factories/index.js';
import { auditActionsOf, auditEventsOf, requestStateOf } from './readers.js';

/**
 * Decisions that cannot be undone (docs/product/requests.md#approvers-before-the-office,
 * docs/decisions/028-submitting-starts-approver-review.md): submitting a type whose workflow asks
 * approvers first sends it to them at once, and the office approves only after them or with an
 * audited override.
 */
let t: TTestApp;
let admin: TSession;
let officer: TSession;
let student: TSession;
let ids: Record<string, string>;
/** A type with a one-step faculty-advisor workflow and no form of its own. */
let advisedTypeId: string;

beforeAll(async () => {
  t = await createTestApp();
  [admin, officer, student] = await t.loginAll('admin', 'officer', 'student');
  ids = await userIds(t, t.institutionA);
  advisedTypeId = (await buildRequestType(t, { name: 'Advised request', workflowId: (await buildWorkflow(t)).id })).id;
});
afterAll(async () => {
  await t?.close();
});

const ADVISOR = 'advisor@demo.example.edu';
const transition = (id: string, body: Record<string, unknown>, as = officer) =>
  call(t, 'POST', `/api/requests/${id}/transition`, { as, body });
const detail = async (id: string, as: TSession = officer) => (await call(t, 'GET', `/api/requests/${id}`, { as })).json<TRequestDetail>();
const submit = (id: string) => call(t, 'POST', `/api/requests/${id}/submit`, { as: student });

/** The newest approval link e-mailed to the advisor for a request number. */
async function advisorToken(number: number): Promise<string> {
  const mail = (await mailsTo(t, ADVISOR)).find((m) => m.purpose === 'approval-link' && m.text_body.includes(`#${number}`));
  const token = /advisor-approval\/([A-Za-z0-9_-]+)/.exec(mail?.text_body ?? '')?.[1];
  if (!token) throw new Error(`no approval link for request #${number}`);
  return token;
}
const decide = (token: string, decision: 'approve' | 'reject', comment = '') =>
  call(t, 'POST', '/api/approvals/decide', { body: { token, decision, comment } });

/** A draft of the demo student's, naming the demo advisor, submitted through the API. */
async function submitted(o: { typeCode?: string; requestTypeId?: string; data?: Record<string, unknown> } = {}) {
  const r = await buildRequest(t, {
    status: 'draft',
    advisor: 'advisor',
    ...(o.typeCode ? { typeCode: o.typeCode } : { requestTypeId: o.requestTypeId ?? advisedTypeId }),
    ...(o.data ? { data: o.data } : {}),
  });
  const res = await submit(r.id);
  expect(res.statusCode, res.body).toBe(200);
  return { request: r, answer: res.json<TRequestDetail>() };
}

describe('submitting starts the approver review (decision 028)', () => {
  it("a student's CPT goes to the faculty advisor on submit: the advisor gets the e-mail then, and the office is told it is with them", async () => {
    const before = (await mailsTo(t, ADVISOR)).length;
    const { request, answer } = await submitted({ typeCode: 'cpt_request', data: cptRequestData({ employer_name: 'Submit Starts LLC' }) });
    // What the student was told on the advisor field ("they get an e-mail with a link to approve it after you submit") is true.
    expect(answer).toMatchObject({
      status: 'adv_review',
      isLocked: true,
      approvals: [{ approverName: 'Alex Advisor', status: 'pending' }],
      approverCheck: { required: true, approved: false, steps: ['Faculty advisor'] },
    });
    const mails = await mailsTo(t, ADVISOR);
    expect(mails.length).toBe(before + 1);
    expect(mails[0]!.purpose).toBe('approval-link');
    expect(mails[0]!.text_body).toContain(`#${request.number}`);
    expect(await auditActionsOf(t, request.id, { entityType: 'request' })).toEqual([
      'request.submitted',
      'request.approver_review_started',
    ]);
    const [office] = await t.sql<{ text: string }>(
      `select text from notifications where request_id = $1 and type_name = 'request.submitted' and user_id = $2`,
      [request.id, ids.officer],
    );
    expect(office!.text).toMatch(
      /submitted Curricular Practical Training \(CPT\) request #\d+\. It went to its approvers first \(Faculty advisor\)\./,
    );
    const [bell] = await t.sql<{ text: string }>(`select text from notifications where request_id = $1 and user_id = $2`, [
      request.id,
      ids.student,
    ]);
    expect(bell!.text).toContain('was submitted and sent to its approvers (Faculty advisor), who were e-mailed a link');
  });

  it('a workflow that cannot start (its approver can no longer sign in) leaves the request Submitted and tells the office why', async () => {
    const gone = await buildUser(t, { role: 'isssAdmin', isActive: false, firstName: 'Gone', lastName: 'Approver' });
    const wf = await buildWorkflow(t, { steps: [{ approverKind: 'user', approverUserId: gone.id, label: 'Dean' }] });
    const type = await buildRequestType(t, { name: 'Dean approved request', workflowId: wf.id });
    const before = (await mailsTo(t, gone.email)).length;
    const { request, answer } = await submitted({ requestTypeId: type.id });
    expect(answer).toMatchObject({ status: 'submitted', isLocked: false, approvals: [] });
    expect((await mailsTo(t, gone.email)).length).toBe(before);
    const [office] = await t.sql<{ text: string }>(
      `select text from notifications where request_id = $1 and type_name = 'request.submitted' and user_id = $2`,
      [request.id, ids.officer],
    );
    expect(office!.text).toContain('Approver review could not start: Step 1 of the approval workflow (Dean) has no active approver.');
  });

  it('a type without a workflow, or with an inactive one, is submitted to the office as before', async () => {
    const plain = await buildRequestType(t, { name: 'Plain request' });
    expect((await submitted({ requestTypeId: plain.id })).answer).toMatchObject({
      status: 'submitted',
      approverCheck: { required: false, approved: false, steps: [] },
    });
    const off = await buildRequestType(t, {
      name: 'Paused workflow request',
      workflowId: (await buildWorkflow(t, { isActive: false })).id,
    });
    expect((await submitted({ requestTypeId: off.id })).answer.status).toBe('submitted');
  });
});

describe('the office approves only after the approvers, or with an audited override', () => {
  it('approving before the approver step is refused with a clear message, and nothing changes', async () => {
    // Submitted while the workflow could not start (e.g. set up later): the approvers were never asked.
    const r = await buildRequest(t, { status: 'in_review', requestTypeId: advisedTypeId, advisor: 'advisor' });
    const res = await transition(r.id, { action: 'approve' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      code: 'APPROVERS_FIRST',
      message: `Request #${r.number} needs its approvers' decision first (Faculty advisor). Send it to approver review, or approve it with an override and give your reason.`,
      fieldErrors: { overrideReason: [DECISION_MSG.overrideReasonRequired] },
    });
    expect(await requestStateOf(t, r.id)).toMatchObject({ status: 'in_review' });
    expect(await auditActionsOf(t, r.id, { entityType: 'request' })).toEqual([]);

    // In approver review the refusal says to wait; a blank reason is no override.
    const { request } = await submitted();
    const waiting = await transition(request.id, { action: 'approve', overrideReason: '   ' });
    expect(waiting.statusCode).toBe(409);
    expect(waiting.json().message).toBe(
      `Request #${request.number} needs its approvers' decision first (Faculty advisor). Wait for them to decide, or approve it with an override and give your reason.`,
    );
    expect(await requestStateOf(t, request.id)).toMatchObject({ status: 'adv_review', isLocked: true });
  });

  it('mass approve refuses a request still waiting for its approvers, naming why, and approves the others', async () => {
    const { request } = await submitted();
    const plain = await buildRequest(t, { status: 'in_review' });
    const res = await call(t, 'POST', '/api/requests/mass-approve', { as: admin, body: { requestIds: [request.id, plain.id] } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().results).toEqual([
      {
        requestId: request.id,
        ok: false,
        number: request.number,
        message: DECISION_MSG.approversFirst(request.number, ['Faculty advisor'], true),
      },
      { requestId: plain.id, ok: true, number: plain.number, message: `Request #${plain.number} was approved.` },
    ]);
    expect((await requestStateOf(t, request.id)).status).toBe('adv_review');
  });

  it('an override with a reason approves during approver review: the open approval and its link end, and the history shows who overrode and why', async () => {
    const { request } = await submitted();
    const token = await advisorToken(request.number);
    const res = await transition(request.id, {
      action: 'approve',
      message: 'Approved; pick up your documents on Monday.',
      overrideReason: 'The advisor is on leave until June and confirmed by phone.',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<TRequestDetail>()).toMatchObject({ status: 'approved', isLocked: false });
    const [audit] = await auditEventsOf(t, request.id, { action: 'request.approve_override' });
    expect(audit).toMatchObject({
      actorUserId: ids.officer,
      before: { status: 'adv_review' },
      after: {
        status: 'approved',
        overrideReason: 'The advisor is on leave until June and confirmed by phone.',
        comment: 'Approved; pick up your documents on Monday.',
      },
    });
    // The request's History Log (what staff and the requester read) carries it.
    const history = await call(t, 'GET', `/api/audit/request/${request.id}`, { as: officer });
    expect(history.statusCode, history.body).toBe(200);
    const event = (history.json().items as { action: string; actorName: string; after: Record<string, unknown> }[]).find(
      (e) => e.action === 'request.approve_override',
    );
    expect(event).toMatchObject({ after: { overrideReason: 'The advisor is on leave until June and confirmed by phone.' } });
    expect(event!.actorName).toBeTruthy();
    // The advisor's link no longer decides anything.
    expect((await decide(token, 'approve')).statusCode).toBe(409);
    expect(
      (await t.sql<{ status: string }>('select status from approvals where request_id = $1', [request.id])).map((a) => a.status),
    ).toEqual(['cancelled']);
    // The requester reads the comment with the decision.
    const [mail] = (await mailsTo(t, 'student@demo.example.edu')).filter((m) => m.text_body.includes(`#${request.number} was approved`));
    expect(mail!.text_body).toContain('Comment from the office:\nApproved; pick up your documents on Monday.');
  });

  it('once the approver has approved, staff approve without an override (and the event is a plain approval)', async () => {
    const { request } = await submitted();
    expect((await decide(await advisorToken(request.number), 'approve', 'Part of the curriculum.')).statusCode).toBe(200);
    expect(await detail(request.id)).toMatchObject({
      status: 'in_review',
      approverCheck: { required: true, approved: true },
      allowedActions: expect.arrayContaining(['approve']) as unknown,
    });
    const res = await transition(request.id, { action: 'approve', overrideReason: 'Not needed.' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<TRequestDetail>().status).toBe('approved');
    const actions = await auditActionsOf(t, request.id, { entityType: 'request' });
    expect(actions).toContain('request.approve');
    expect(actions).not.toContain('request.approve_override');
    const [approve] = await auditEventsOf(t, request.id, { action: 'request.approve' });
    expect(approve!.after).not.toHaveProperty('overrideReason');
  });

  it('a resubmission after clarification goes back to the approvers only if they had not approved', async () => {
    // Approved by the advisor, then sent back for clarification: the approval stands.
    const first = await submitted();
    await decide(await advisorToken(first.request.number), 'approve');
    expect((await transition(first.request.id, { action: 'request_clarification', message: 'Which term?' })).statusCode).toBe(200);
    const again = await submit(first.request.id);
    expect(again.json<TRequestDetail>()).toMatchObject({ status: 'submitted', approverCheck: { approved: true } });

    // Rejected by the advisor, then sent back: the corrected request is theirs to decide again.
    const second = await submitted();
    await decide(await advisorToken(second.request.number), 'reject', 'Not in the curriculum.');
    expect((await transition(second.request.id, { action: 'request_clarification', message: 'Please explain.' })).statusCode).toBe(200);
    const redo = await submit(second.request.id);
    expect(redo.json<TRequestDetail>()).toMatchObject({ status: 'adv_review', approvals: [{ status: 'pending' }] });
  });

  it('the staff route refuses the override to someone who may not process the request', async () => {
    const { request } = await submitted();
    const res = await transition(request.id, { action: 'approve', overrideReason: 'I say so.' }, student);
    expect(res.statusCode).toBe(403);
    expect((await requestStateOf(t, request.id)).status).toBe('adv_review');
  });
});

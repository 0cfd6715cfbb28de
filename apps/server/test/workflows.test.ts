import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { workflowsApi, type TRequestDetail, type TSession } from '@meridian/domain';
import { createTestApp, type TTestApp } from './app.js';
import { call, mailsTo, perms, userIds } from './http.js';
import {
  buildRequest,
  buildRequestType,
  buildPendingApproval,
  buildUser,
  buildUserGroup,
  buildWorkflow,
  configureRequestType,
  cptRequestData,
  requestTypeOf,
  userIdOf,
} from './factories/index.js';
import { requestStateOf } from './readers.js';

let t: TTestApp;
let admin: TSession;
let officer: TSession;
let ids: Record<string, string>;
/** A type with a faculty-advisor workflow of its own and no form of its own. */
let reviewedTypeId: string;

beforeAll(async () => {
  t = await createTestApp();
  [admin, officer] = await t.loginAll('admin', 'officer');
  ids = await userIds(t, t.institutionA);
  reviewedTypeId = (await buildRequestType(t, { workflowId: (await buildWorkflow(t)).id })).id;
});

/** A request in approver review: the demo advisor's approval is pending and its e-mailed link fresh (or expired). */
async function inApproverReview(o: { requestTypeId?: string | undefined; expired?: boolean | undefined } = {}) {
  const { request, approvalId, token } = await buildPendingApproval(t, {
    requestTypeId: o.requestTypeId ?? reviewedTypeId,
    linkExpiresAt: o.expired ? new Date(Date.now() - 1000) : undefined,
  });
  return { token, approvalId, requestId: request.id };
}
afterAll(async () => {
  await t?.close();
});

/** The approval token in the newest approval mail to an address. */
async function approvalToken(to: string): Promise<{ token: string; url: string }> {
  const mails = (await mailsTo(t, to)).filter((m) => m.purpose === 'approval-link');
  const m = /(https:\/\/portal\.demo\.test\/\?fuseaction=scholarportal\.approvalreview#\/advisor-approval\/([A-Za-z0-9_-]+))/.exec(
    mails[0]?.text_body ?? '',
  );
  if (!m) throw new Error(`no approval link to ${to}`);
  return { url: m[1]!, token: m[2]! };
}

const status = (id: string) => requestStateOf(t, id);
const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');
const inspect = (token: string) => call(t, 'POST', '/api/approvals/inspect', { body: { token } });
const decide = (token: string, decision: 'approve' | 'reject', comment = '') =>
  call(t, 'POST', '/api/approvals/decide', { body: { token, decision, comment } });

describe('approver review through e-mailed links', () => {
  it('locks the request, mails the faculty advisor a link from the configured address, and opening it changes nothing', async () => {
    const r = await buildRequest(t, {
      status: 'in_review',
      typeCode: 'cpt_request',
      advisor: 'advisor',
      data: cptRequestData({ employer_name: 'Acme Labs', cpt_start_date: '2027-01-15', cpt_end_date: '2027-05-15' }),
    });
    const res = await call(t, 'POST', `/api/requests/${r.id}/transition`, { as: officer, body: { action: 'send_to_approver' } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<TRequestDetail>()).toMatchObject({
      status: 'adv_review',
      isLocked: true,
      approvals: [{ approverName: 'Alex Advisor', status: 'pending' }],
    });
    const { token } = await approvalToken('advisor@demo.example.edu');
    const before = await t.sql('select * from approval_links order by created_at desc limit 1');
    const seen = await inspect(token);
    expect(seen.statusCode).toBe(200);
    expect(seen.headers['referrer-policy']).toBe('no-referrer');
    expect(seen.json()).toMatchObject({
      typeName: 'Curricular Practical Training (CPT)',
      requesterName: 'Priya Sharma',
      stepOrdinal: 1,
      stepCount: 1,
      status: 'pending',
    });
    // The advisor sees what the student asked for (the CPT form's own values), not just the type's name.
    expect((await inspect(token)).json()).toMatchObject({
      typeCode: 'cpt_request',
      data: { employer_name: 'Acme Labs', cpt_start_date: '2027-01-15' },
    });
    expect(await t.sql('select * from approval_links order by created_at desc limit 1')).toEqual(before);
    expect((await status(r.id)).status).toBe('adv_review');
    // The link is stored hashed, never as the token.
    expect(await t.sql('select 1 from approval_links where token_hash = $1', [token])).toHaveLength(0);
    expect(await t.sql('select 1 from approval_links where token_hash = $1', [sha256(token)])).toHaveLength(1);

    const ok = await decide(token, 'approve', 'Strong candidate.');
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().outcome).toBe('approved');
    expect(await status(r.id)).toMatchObject({ status: 'in_review', isLocked: false });
    const [audit] = await t.sql('select actor_user_id, after from audit_events where entity_id = $1 and action = $2', [
      r.id,
      'approval.approved',
    ]);
    expect(audit).toMatchObject({ actor_user_id: ids.advisor, after: { approverName: 'Alex Advisor', comment: 'Strong candidate.' } });
    // Single use.
    const again = await decide(token, 'reject');
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('LINK_USED');
    expect((await inspect(token)).statusCode).toBe(409);
  });

  it('a rejection returns the request to review with review status Require resolution', async () => {
    const { token, requestId } = await inApproverReview();
    const res = await decide(token, 'reject', 'Not in the curriculum.');
    expect(res.json().outcome).toBe('rejected');
    expect(await status(requestId)).toMatchObject({ status: 'in_review', isLocked: false, reviewStatus: 4 });
  });

  it('refuses expired and tampered links without changing anything', async () => {
    const expired = await inApproverReview({ expired: true });
    expect((await inspect(expired.token)).json().code).toBe('LINK_EXPIRED');
    expect((await decide(expired.token, 'approve')).statusCode).toBe(410);
    expect((await status(expired.requestId)).status).toBe('adv_review');
    const good = await inApproverReview();
    const tampered = good.token.slice(0, -2) + (good.token.endsWith('AA') ? 'BB' : 'AA');
    expect((await decide(tampered, 'approve')).json().code).toBe('LINK_INVALID');
    expect((await status(good.requestId)).status).toBe('adv_review');
  });

  it('staff can send fresh links; the earlier link stops working', async () => {
    const { token, requestId } = await inApproverReview();
    const res = await call(t, 'POST', `/api/requests/${requestId}/resend-approval-links`, { as: officer });
    expect(res.json()).toEqual({ sent: 1 });
    expect((await inspect(token)).json().code).toBe('LINK_USED');
    const { token: fresh } = await approvalToken('advisor@demo.example.edu');
    expect((await inspect(fresh)).statusCode).toBe(200);
    const done = await buildRequest(t, { status: 'approved' });
    expect((await call(t, 'POST', `/api/requests/${done.id}/resend-approval-links`, { as: officer })).statusCode).toBe(409);
  });

  it('refuses approver review through an inactive workflow', async () => {
    // Deactivated in Approval Workflows while its request type still names it.
    const inactive = await buildWorkflow(t, { isActive: false });
    const type = await buildRequestType(t, { workflowId: inactive.id });
    const r = await buildRequest(t, { status: 'in_review', requestTypeId: type.id, advisor: 'advisor' });
    const res = await call(t, 'POST', `/api/requests/${r.id}/transition`, { as: admin, body: { action: 'send_to_approver' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain('inactive');
  });

  it('parallel decisions on one link give one result', async () => {
    const { token, requestId } = await inApproverReview();
    const results = await Promise.all([decide(token, 'approve'), decide(token, 'reject')]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(await t.sql('select 1 from audit_events where entity_id = $1 and action like $2', [requestId, 'approval.%'])).toHaveLength(1);
  });

  it('walks a two-step chain: step 2 waits until step 1 approves', async () => {
    const wf = await call(t, 'POST', '/api/workflows', {
      as: admin,
      body: {
        name: 'Dean then advisor',
        eventCode: 'TWO',
        steps: [{ approverKind: 'user', approverUserId: ids.admin }, { approverKind: 'faculty_advisor' }],
      },
    });
    expect(wf.statusCode, wf.body).toBe(200);
    const type = (await buildRequestType(t)).id;
    const typeRow = (await call(t, 'GET', `/api/request-types/${type}`, { as: admin })).json();
    expect(
      (await call(t, 'PUT', `/api/request-types/${type}`, { as: admin, body: { ...typeRow, workflowId: wf.json().id } })).statusCode,
    ).toBe(200);
    const r = await buildRequest(t, { status: 'submitted', requestTypeId: type, advisor: 'advisor' });
    expect(
      (await call(t, 'POST', `/api/requests/${r.id}/transition`, { as: admin, body: { action: 'send_to_approver' } })).statusCode,
    ).toBe(200);
    const mine = (await call(t, 'GET', '/api/approvals/mine', { as: admin })).json<
      {
        approvalId: string;
        stepOrdinal: number;
        stepCount: number;
      }[]
    >();
    const first = mine.find((m) => m.stepCount === 2)!;
    expect(first.stepOrdinal).toBe(1);
    expect((await t.sql('select status from approvals where request_id = $1 order by ordinal', [r.id])).map((x) => x.status)).toEqual([
      'pending',
      'waiting',
    ]);
    const d = await call(t, 'POST', `/api/approvals/${first.approvalId}/decide`, { as: admin, body: { decision: 'approve' } });
    expect(d.json().message).toContain('next approver');
    expect((await status(r.id)).status).toBe('adv_review');
    const { token } = await approvalToken('advisor@demo.example.edu');
    expect((await inspect(token)).json()).toMatchObject({ stepOrdinal: 2, stepCount: 2 });
    expect((await decide(token, 'approve')).json().outcome).toBe('approved');
    expect((await status(r.id)).status).toBe('in_review');
  });

  it('needs a named faculty advisor before approver review', async () => {
    // Submitted before the office gave its type a faculty-advisor workflow, so nobody named an advisor.
    const type = await buildRequestType(t);
    const r = await buildRequest(t, { status: 'submitted', requestTypeId: type.id });
    await configureRequestType(t, type.id, { workflowId: (await buildWorkflow(t)).id });
    const res = await call(t, 'POST', `/api/requests/${r.id}/transition`, { as: admin, body: { action: 'send_to_approver' } });
    expect(res.statusCode).toBe(400);
    expect((await status(r.id)).status).toBe('submitted');
  });

  it('rejecting the request during approver review ends the open links', async () => {
    const { token, requestId } = await inApproverReview();
    expect(
      (
        await call(t, 'POST', `/api/requests/${requestId}/transition`, {
          as: admin,
          body: { action: 'reject', message: 'Withdrawn by the office.' },
        })
      ).statusCode,
    ).toBe(200);
    expect((await decide(token, 'approve')).statusCode).toBe(409);
    expect(await status(requestId)).toMatchObject({ status: 'rejected', isLocked: false });
  });
});

describe('deleting workflows and user groups', () => {
  it('refuses to delete a workflow a request type uses, then deletes it once the type moves on', async () => {
    const wf = { id: (await requestTypeOf(t, 'cpt_request')).workflowId! };
    const refused = await call(t, 'DELETE', `/api/workflows/${wf.id}`, { as: admin });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toContain('Curricular Practical Training (CPT)');
    for (const { id } of await t.sql<{ id: string }>('select id from request_types where workflow_id = $1', [wf.id]))
      await configureRequestType(t, id, { workflowId: null });
    expect((await call(t, 'DELETE', `/api/workflows/${wf.id}`, { as: admin })).statusCode).toBe(200);
    expect((await call(t, 'GET', '/api/workflows', { as: admin })).json().find((w: { id: string }) => w.id === wf.id)).toBeUndefined();
    const [audit] = await t.sql<{ action: string }>(`select action from audit_events where entity_id = $1 order by id desc limit 1`, [
      wf.id,
    ]);
    expect(audit?.action).toBe('workflow.deleted');
  });

  it('refuses while a request is in approver review with it', async () => {
    const busy = await buildWorkflow(t, { name: 'Busy', eventCode: 'BUSY' });
    const type = await buildRequestType(t, { workflowId: busy.id });
    await inApproverReview({ requestTypeId: type.id });
    // The type has moved on to no workflow; the request still waits on the old one's approval.
    await configureRequestType(t, type.id, { workflowId: null });
    const res = await call(t, 'DELETE', `/api/workflows/${busy.id}`, { as: admin });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toContain('approver review');
  });

  it('refuses to delete a group a workflow step names; deletes an unused one', async () => {
    const group = (await call(t, 'POST', '/api/user-groups', { as: admin, body: { name: 'Deans', memberIds: [ids.advisor] } })).json();
    const wf = (
      await call(t, 'POST', '/api/workflows', {
        as: admin,
        body: { name: 'Dean sign-off', eventCode: 'DEAN', steps: [{ approverKind: 'group', approverGroupId: group.id }] },
      })
    ).json();
    const refused = await call(t, 'DELETE', `/api/user-groups/${group.id}`, { as: admin });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toContain('Dean sign-off');
    expect((await call(t, 'DELETE', `/api/workflows/${wf.id}`, { as: officer })).statusCode).toBe(200);
    expect((await call(t, 'DELETE', `/api/user-groups/${group.id}`, { as: admin })).statusCode).toBe(200);
    expect((await call(t, 'GET', '/api/user-groups', { as: admin })).json().some((g: { id: string }) => g.id === group.id)).toBe(false);
  });
});

/**
 * Who may approve (docs/product/workflows.md#who-may-approve): office staff, department users and
 * faculty advisors, active and of the institution; never a student or a scholar.
 */
describe('who may approve', () => {
  const W = workflowsApi.WORKFLOW_MSG;
  const oneStep = (step: Record<string, unknown>) => ({ name: 'Approver check', eventCode: 'CHECK', steps: [step] });
  const createWith = (step: Record<string, unknown>) => call(t, 'POST', '/api/workflows', { as: admin, body: oneStep(step) });
  const person = (approverUserId: string) => ({ approverKind: 'user', approverUserId });
  let inactiveStaff: string;
  let adminOfB: string;

  beforeAll(async () => {
    inactiveStaff = (await buildUser(t, { role: 'isssAdmin', staffPermissions: perms({ isOfficer: true }), isActive: false })).id;
    adminOfB = await userIdOf(t, 'admin', t.institutionB);
  });

  it("refuses a student, a scholar, an inactive user or another institution's user as a step's approver, on the step's field", async () => {
    const cases: [string, string][] = [
      [ids.student!, W.notApprover],
      [ids.scholar!, W.notApprover],
      [inactiveStaff, W.inactiveApprover],
      [adminOfB, W.choosePerson],
    ];
    for (const [userId, message] of cases) {
      const res = await createWith(person(userId));
      expect(res.statusCode, userId).toBe(400);
      expect(res.json()).toEqual({ code: 'BAD_REQUEST', message: W.checkApprovers, fieldErrors: { 'steps.0.approverUserId': [message] } });
    }
    expect(await t.sql('select 1 from workflows where name = $1', ['Approver check'])).toEqual([]);
  });

  it('accepts office staff, a department user and a faculty advisor; a change to a student is refused and changes nothing', async () => {
    for (const userId of [ids.assistant!, ids.dept!, ids.advisor!]) expect((await createWith(person(userId))).statusCode, userId).toBe(200);
    const wf = (await createWith(person(ids.officer!))).json<{ id: string }>();
    const refused = await call(t, 'PUT', `/api/workflows/${wf.id}`, {
      as: officer,
      body: { ...oneStep(person(ids.advisor!)), steps: [person(ids.advisor!), person(ids.student!)] },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().fieldErrors).toEqual({ 'steps.1.approverUserId': [W.notApprover] });
    const steps = await t.sql<{ approver_user_id: string }>('select approver_user_id from workflow_steps where workflow_id = $1', [wf.id]);
    expect(steps.map((x) => x.approver_user_id)).toEqual([ids.officer]);
    expect((await call(t, 'PUT', `/api/workflows/${wf.id}`, { as: officer, body: oneStep(person(ids.advisor!)) })).statusCode).toBe(200);
  });

  it('refuses a user group with a student or scholar among its members as a step; a group of approvers is fine', async () => {
    const mixed = await buildUserGroup(t, { name: 'Saved before the rule', memberIds: [ids.advisor!, ids.student!] });
    const res = await createWith({ approverKind: 'group', approverGroupId: mixed.id });
    expect(res.statusCode).toBe(400);
    expect(res.json().fieldErrors).toEqual({ 'steps.0.approverGroupId': [W.groupNotApprovers] });
    const fine = await buildUserGroup(t, { name: 'Approvers', memberIds: [ids.advisor!, ids.dept!, inactiveStaff] });
    expect((await createWith({ approverKind: 'group', approverGroupId: fine.id })).statusCode).toBe(200);
  });

  it('a user group takes only people who may approve as members', async () => {
    const save = (memberIds: string[], groupId?: string) =>
      groupId
        ? call(t, 'PUT', `/api/user-groups/${groupId}`, { as: admin, body: { name: 'Reviewers', memberIds } })
        : call(t, 'POST', '/api/user-groups', { as: admin, body: { name: 'Reviewers', memberIds } });
    for (const [memberIds, message] of [
      [[ids.advisor!, ids.student!], W.membersNotApprovers],
      [[ids.scholar!], W.membersNotApprovers],
      [[adminOfB], W.chooseMembers],
      [[inactiveStaff], W.chooseMembers],
    ] as const) {
      const res = await save([...memberIds]);
      expect(res.statusCode, memberIds.join()).toBe(400);
      expect(res.json().fieldErrors).toEqual({ memberIds: [message] });
    }
    const group = await save([ids.advisor!, ids.dept!, ids.officer!]);
    expect(group.statusCode).toBe(200);
    const groupId = group.json<{ id: string }>().id;
    expect((await save([ids.advisor!, ids.student!], groupId)).json().fieldErrors).toEqual({ memberIds: [W.membersNotApprovers] });
    // A member kept from before whose account was turned off may stay; adding one may not.
    await t.sql('update users set is_active = false where id = $1', [ids.officer]);
    try {
      expect((await save([ids.advisor!, ids.officer!], groupId)).statusCode).toBe(200);
      expect((await save([ids.advisor!, inactiveStaff], groupId)).json().fieldErrors).toEqual({ memberIds: [W.chooseMembers] });
    } finally {
      await t.sql('update users set is_active = true where id = $1', [ids.officer]);
    }
  });

  it('offers as approvers only active office staff, department users and faculty advisors of the institution', async () => {
    const people = (await call(t, 'GET', '/api/workflows/approver-candidates', { as: admin })).json<{ userId: string; role: string }[]>();
    const offered = new Set(people.map((p) => p.userId));
    for (const id of [ids.admin, ids.officer, ids.assistant, ids.dept, ids.advisor]) expect(offered.has(id!), id).toBe(true);
    for (const id of [ids.student, ids.scholar, inactiveStaff, adminOfB]) expect(offered.has(id!), id).toBe(false);
    expect(new Set(people.map((p) => p.role))).toEqual(new Set(['isssAdmin', 'department', 'advisor']));
  });

  it('never asks a student a step saved before the rule named: the chain refuses to start', async () => {
    const wf = await buildWorkflow(t, {
      name: 'Legacy',
      eventCode: 'LEGACY',
      steps: [{ approverKind: 'user', approverUserId: ids.student! }],
    });
    const type = await buildRequestType(t, { workflowId: wf.id });
    const r = await buildRequest(t, { status: 'submitted', requestTypeId: type.id });
    const res = await call(t, 'POST', `/api/requests/${r.id}/transition`, { as: admin, body: { action: 'send_to_approver' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain('has no active approver');
    expect(await t.sql('select 1 from approvals where request_id = $1', [r.id])).toEqual([]);
    expect((await status(r.id)).status).toBe('submitted');
  });
});

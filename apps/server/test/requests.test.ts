import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  canTransition,
  MSG,
  REQUEST_STATUSES,
  REQUEST_TRANSITIONS,
  REQUESTER_ACTIONS,
  STAFF_ACTIONS,
  transitionRefusal,
  type TRequestAction,
  type TRequestDetail,
  type TSession,
} from '@meridian/domain';
import { createTestApp, HOST_B, type TTestApp } from './app.js';
import { call, mailsTo, perms, userIds } from './http.js';
import {
  buildCustomDocument,
  buildCustomQuestion,
  buildRequest,
  buildRequestType,
  buildUser,
  buildWorkflow,
  configureRequestType,
  requestTypeIdOf,
  seededQuestionnaire,
  userIdOf,
} from './factories/index.js';
import { auditActionsOf, auditEventsOf, requestStateOf } from './readers.js';

let t: TTestApp;
let s: Record<'admin' | 'officer' | 'assistant' | 'dept' | 'scholar' | 'student', TSession>;
let ids: Record<string, string>;
/** A type with a faculty-advisor workflow and no form or effects of its own: the machine alone decides what may happen. */
let machineTypeId: string;

beforeAll(async () => {
  t = await createTestApp();
  const names = ['admin', 'officer', 'assistant', 'dept', 'scholar', 'student'] as const;
  const list = await Promise.all(names.map((n) => t.login(n)));
  s = Object.fromEntries(names.map((n, i) => [n, list[i]!])) as typeof s;
  ids = await userIds(t, t.institutionA);
  machineTypeId = (await buildRequestType(t, { workflowId: (await buildWorkflow(t)).id })).id;
});
afterAll(async () => {
  await t?.close();
});

const statusOf = async (id: string) => (await requestStateOf(t, id)).status;

describe('the request state machine, every action from every state', () => {
  const cases = REQUEST_STATUSES.flatMap((from) => STAFF_ACTIONS.map((action) => [from, action] as const));
  it.each(cases)('staff: %s --%s-->', async (from, action) => {
    // The advisor is named, so sending to approver review can start the workflow.
    const r = await buildRequest(t, { status: from, requestTypeId: machineTypeId, advisor: 'advisor' });
    // The type asks its faculty advisor first: approving without their decision is an override with a reason.
    const res = await call(t, 'POST', `/api/requests/${r.id}/transition`, {
      as: s.admin,
      body: { action, message: 'Please explain.', overrideReason: 'Walking the machine.' },
    });
    if (canTransition(from, action)) {
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json<TRequestDetail>().status).toBe(REQUEST_TRANSITIONS[action].to);
      const audit = (await auditEventsOf(t, r.id, { entityType: 'request' })).at(-1);
      expect(audit).toMatchObject({
        action: action === 'approve' ? 'request.approve_override' : `request.${action}`,
        before: { status: from },
        after: { status: REQUEST_TRANSITIONS[action].to },
      });
    } else {
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ code: 'ILLEGAL_TRANSITION', message: transitionRefusal(from, action) });
      expect(await statusOf(r.id)).toBe(from);
    }
  });

  const requesterCases = REQUEST_STATUSES.flatMap((from) => REQUESTER_ACTIONS.map((action) => [from, action] as const));
  it.each(requesterCases)('requester: %s --%s-->', async (from, action) => {
    const r = await buildRequest(t, { status: from, requestTypeId: machineTypeId, advisor: 'advisor' });
    const res = await call(t, 'POST', `/api/requests/${r.id}/${action}`, { as: s.student });
    if (canTransition(from, action)) {
      expect(res.statusCode, res.body).toBe(200);
      // Submitting a type whose workflow asks approvers first goes on to them at once (decision 028).
      expect(await statusOf(r.id)).toBe(action === 'submit' ? 'adv_review' : REQUEST_TRANSITIONS[action].to);
    } else {
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe(transitionRefusal(from, action));
    }
  });

  it('names the current status in the refusal', () => {
    expect(transitionRefusal('approved', 'submit')).toBe('This request is Approved; it cannot be submitted.');
  });

  it('staff may not take requester or system actions through the staff route', async () => {
    const r = await buildRequest(t, { status: 'adv_review', requestTypeId: machineTypeId, advisor: 'advisor' });
    for (const action of ['submit', 'approvers_approved'] as TRequestAction[]) {
      expect((await call(t, 'POST', `/api/requests/${r.id}/transition`, { as: s.admin, body: { action } })).statusCode).toBe(400);
    }
  });

  it('clarification and rejection need a message', async () => {
    const r = await buildRequest(t, { status: 'in_review' });
    const res = await call(t, 'POST', `/api/requests/${r.id}/transition`, { as: s.admin, body: { action: 'reject', message: '  ' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().fieldErrors).toEqual({ message: ['Required field'] });
  });
});

describe('creating and submitting', () => {
  it('starts a draft of an enabled type the requester may start, with the site from the student profile', async () => {
    const res = await call(t, 'POST', '/api/requests', { as: s.student, body: { requestTypeId: await requestTypeIdOf(t, 'cpt_request') } });
    expect(res.statusCode, res.body).toBe(200);
    const d = res.json<TRequestDetail>();
    expect(d).toMatchObject({
      status: 'draft',
      typeCode: 'cpt_request',
      campusSiteName: 'Main Campus',
      allowedActions: ['submit', 'cancel'],
      canEdit: true,
      canProcess: false,
    });
    // Scholars do not start CPT.
    const no = await call(t, 'POST', '/api/requests', { as: s.scholar, body: { requestTypeId: await requestTypeIdOf(t, 'cpt_request') } });
    expect(no.statusCode).toBe(400);
    await configureRequestType(t, await requestTypeIdOf(t, 'rcl_request'), { isEnabled: false });
    expect(
      (await call(t, 'POST', '/api/requests', { as: s.student, body: { requestTypeId: await requestTypeIdOf(t, 'rcl_request') } }))
        .statusCode,
    ).toBe(400);
    const startable = (await call(t, 'GET', '/api/requests/startable-types', { as: s.student })).json<{ code: string }[]>();
    expect(startable.map((x) => x.code)).toContain('cpt_request');
    expect(startable.map((x) => x.code)).not.toContain('rcl_request');
  });

  it('refuses submission with every completeness message on its field, and loses nothing', async () => {
    const questionnaireId = (await seededQuestionnaire(t)).id;
    const q = { typeId: (await buildRequestType(t, { questionnaireIds: [questionnaireId] })).id, questionnaireId };
    const created = (await call(t, 'POST', '/api/requests', { as: s.student, body: { requestTypeId: q.typeId } })).json<TRequestDetail>();
    const form = (await call(t, 'GET', `/api/requests/${created.id}/questionnaires/${q.questionnaireId}/answers`, { as: s.student })).json<{
      content: { folders: { items: { id: string; text: string }[] }[] };
    }>();
    const jobTitle = form.content.folders[0]!.items[0]!;
    const saved = await call(t, 'PUT', `/api/requests/${created.id}/questionnaires/${q.questionnaireId}/answers`, {
      as: s.student,
      body: { answers: { [jobTitle.id]: { value: 'Research intern' } } },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const res = await call(t, 'POST', `/api/requests/${created.id}/submit`, { as: s.student });
    expect(res.statusCode).toBe(400);
    const errors = res.json().fieldErrors as Record<string, string[]>;
    expect(Object.keys(errors).length).toBeGreaterThan(3);
    expect(Object.keys(errors).every((k) => k.startsWith(`answers.${q.questionnaireId}.`))).toBe(true);
    expect(errors[`answers.${q.questionnaireId}.${jobTitle.id}`]).toBeUndefined();
    expect(await statusOf(created.id)).toBe('draft');
    const again = (
      await call(t, 'GET', `/api/requests/${created.id}/questionnaires/${q.questionnaireId}/answers`, { as: s.student })
    ).json<{ answers: Record<string, { value: unknown }> }>();
    expect(again.answers[jobTitle.id]!.value).toBe('Research intern');
  });

  it('refuses submission while a required document is missing, naming it on its field', async () => {
    const doc = await buildCustomDocument(t, { name: 'Offer letter', isRequired: true });
    // A type without a form of its own, so only the document is missing (students-requests.test.ts checks the forms).
    const type = await requestTypeIdOf(t, 'financial_info_update');
    await configureRequestType(t, type, { documentIds: [doc.id] });
    const created = (await call(t, 'POST', '/api/requests', { as: s.student, body: { requestTypeId: type } })).json<TRequestDetail>();
    const res = await call(t, 'POST', `/api/requests/${created.id}/submit`, { as: s.student });
    expect(res.statusCode).toBe(400);
    expect(res.json().fieldErrors).toEqual({ [`documents.${doc.id}`]: ['Please upload Offer letter.'] });
    expect(await statusOf(created.id)).toBe('draft');
  });

  it('a double submit gives one result: one succeeds, the other is told it is already submitted', async () => {
    const r = await buildRequest(t);
    const [a, b] = await Promise.all([1, 2].map(() => call(t, 'POST', `/api/requests/${r.id}/submit`, { as: s.student })));
    expect([a!.statusCode, b!.statusCode].sort()).toEqual([200, 409]);
    expect([a!, b!].find((x) => x.statusCode === 409)!.json().message).toBe('This request is Submitted; it cannot be submitted.');
    expect(await auditEventsOf(t, r.id, { action: 'request.submitted' })).toHaveLength(1);
  });

  it('submitting tells the officers of the site; a clarification tells the requester by e-mail', async () => {
    const r = await buildRequest(t);
    expect((await call(t, 'POST', `/api/requests/${r.id}/submit`, { as: s.student })).statusCode).toBe(200);
    const bell = await t.sql('select user_id from notifications where request_id = $1', [r.id]);
    expect(bell.map((b) => b.user_id)).toContain(ids.officer);
    const res = await call(t, 'POST', `/api/requests/${r.id}/transition`, {
      as: s.officer,
      body: { action: 'request_clarification', message: 'Which semester?' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().statusMessage).toBe('Which semester?');
    const [mail] = await mailsTo(t, 'student@demo.example.edu');
    expect(mail!.text_body).toContain('Which semester?');
    // The requester can change answers again and resubmit.
    const mine = (await call(t, 'GET', `/api/requests/${r.id}`, { as: s.student })).json<TRequestDetail>();
    expect(mine).toMatchObject({ canEdit: true, allowedActions: ['submit'] });
    expect((await call(t, 'POST', `/api/requests/${r.id}/submit`, { as: s.student })).statusCode).toBe(200);
  });

  it("another institution's requester does not find the request", async () => {
    const r = await buildRequest(t);
    const studentB = await t.login('student', { host: HOST_B });
    for (const path of ['', '/submit', '/cancel']) {
      const res = await call(t, path ? 'POST' : 'GET', `/api/requests/${r.id}${path}`, { host: HOST_B, as: studentB });
      expect(res.statusCode).toBe(404);
    }
  });
});

describe('conditional questionnaires on a request', () => {
  it('a yes brings in the conditional questionnaire: listed, answerable, checked and marked submitted; a no leaves it out', async () => {
    const mk = async (body: Record<string, unknown>) => {
      const res = await call(t, 'POST', '/api/questionnaires', { as: s.admin, body: { name: `Q ${randomUUID().slice(0, 6)}`, ...body } });
      expect(res.statusCode, res.body).toBe(200);
      return res.json<{ id: string }>();
    };
    const detailsItem = { id: randomUUID(), text: 'Dependent name', type: 'SHORT', required: true, instructions: '' };
    const cond = await mk({
      name: 'Dependents',
      isConditional: true,
      content: { folders: [{ id: randomUUID(), name: 'F', items: [detailsItem] }] },
    });
    const ask = {
      id: randomUUID(),
      text: 'Any dependents?',
      type: 'YESNO',
      required: true,
      instructions: '',
      showsQuestionnaire: { whenValue: 'yes', questionnaireId: cond.id },
    };
    const main = await mk({ name: 'Main', content: { folders: [{ id: randomUUID(), name: 'F', items: [ask] }] } });
    const type = (await buildRequestType(t, { questionnaireIds: [main.id] })).id;
    const start = async () =>
      (await call(t, 'POST', '/api/requests', { as: s.student, body: { requestTypeId: type } })).json<TRequestDetail>();
    const answer = (id: string, qid: string, answers: Record<string, { value: unknown }>) =>
      call(t, 'PUT', `/api/requests/${id}/questionnaires/${qid}/answers`, { as: s.student, body: { answers } });
    const detail = async (id: string, as = s.student) => (await call(t, 'GET', `/api/requests/${id}`, { as })).json<TRequestDetail>();

    // No: the conditional questionnaire is not asked, not answerable, and submit does without it.
    const no = await start();
    expect(no.questionnaireIds).toEqual([main.id]);
    expect((await answer(no.id, main.id, { [ask.id]: { value: 'no' } })).statusCode).toBe(200);
    expect((await detail(no.id)).questionnaireIds).toEqual([main.id]);
    expect((await answer(no.id, cond.id, { [detailsItem.id]: { value: 'x' } })).statusCode).toBe(404);
    const sentNo = await call(t, 'POST', `/api/requests/${no.id}/submit`, { as: s.student });
    expect(sentNo.statusCode, sentNo.body).toBe(200);

    // Yes: listed for the requester and staff, refused on submit until it is complete, then marked submitted.
    const yes = await start();
    expect((await answer(yes.id, main.id, { [ask.id]: { value: 'yes' } })).statusCode).toBe(200);
    expect((await detail(yes.id)).questionnaireIds).toEqual([main.id, cond.id]);
    const refused = await call(t, 'POST', `/api/requests/${yes.id}/submit`, { as: s.student });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().fieldErrors).toEqual({ [`answers.${cond.id}.${detailsItem.id}`]: ['Required field'] });
    expect(await statusOf(yes.id)).toBe('draft');
    const saved = await answer(yes.id, cond.id, { [detailsItem.id]: { value: 'Ana' } });
    expect(saved.statusCode, saved.body).toBe(200);
    const sent = await call(t, 'POST', `/api/requests/${yes.id}/submit`, { as: s.student });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json<TRequestDetail>().questionnaireIds).toEqual([main.id, cond.id]);
    expect((await detail(yes.id, s.officer)).questionnaireIds).toEqual([main.id, cond.id]);
    const got = (await call(t, 'GET', `/api/requests/${yes.id}/questionnaires/${cond.id}/answers`, { as: s.officer })).json<{
      isSubmitted: boolean;
      answers: Record<string, { value: unknown }>;
    }>();
    expect(got).toMatchObject({ isSubmitted: true, answers: { [detailsItem.id]: { value: 'Ana' } } });
  });
});

describe('custom questions on a request', () => {
  async function question(
    type: string,
    x: {
      required?: boolean | undefined;
      hidden?: boolean | undefined;
      active?: boolean | undefined;
      options?: { value: string; label: string }[];
      ordinal?: number | undefined;
      deleted?: boolean | undefined;
    } = {},
  ) {
    const q = await buildCustomQuestion(t, {
      questionType: type,
      questionText: `A ${type} question`,
      options: x.options ?? [],
      isRequired: x.required ?? true,
      isHidden: x.hidden ?? false,
      isActive: x.active ?? true,
      isDeleted: x.deleted ?? false,
      ordinal: x.ordinal ?? 0,
      questionDataType: type === 'NUMR' ? 'NUMR' : 'TEXT',
    });
    return q.id;
  }
  const opts = [
    { value: 'a', label: 'Alpha' },
    { value: 'b', label: 'Beta' },
  ];

  async function setup() {
    const ids = {
      essay: await question('ESSAY', { ordinal: 9 }),
      single: await question('S_SELECT', { options: opts, ordinal: 1 }),
      multi: await question('M_SELECT', { options: opts, ordinal: 2 }),
      text: await question('TEXT', { ordinal: 3 }),
      numr: await question('NUMR', { ordinal: 4 }),
      short: await question('SHORT', { ordinal: 5, required: false }),
      noexp: await question('NOEXP', { ordinal: 6 }),
      ifyxp: await question('IFYXP', { ordinal: 7 }),
      ifnxp: await question('IFNXP', { ordinal: 8 }),
      hidden: await question('TEXT', { hidden: true }),
      inactive: await question('TEXT', { active: false }),
      deleted: await question('TEXT', { deleted: true }),
    };
    const type = (await buildRequestType(t, { customQuestionIds: Object.values(ids) })).id;
    const r = (await call(t, 'POST', '/api/requests', { as: s.student, body: { requestTypeId: type } })).json<TRequestDetail>();
    return { ids, requestId: r.id };
  }
  const url = (id: string) => `/api/requests/${id}/custom-questions`;
  type TGot = {
    questions: { id: string; questionType: string; options: unknown[] }[];
    answers: Record<string, { value: unknown; explanation?: string | undefined }>;
  };

  it('asks the active, visible questions in order, and saves and loads answers of every type', async () => {
    const { ids, requestId } = await setup();
    const first = (await call(t, 'GET', url(requestId), { as: s.student })).json<TGot>();
    expect(first.questions.map((q) => q.id)).toEqual([
      ids.single,
      ids.multi,
      ids.text,
      ids.numr,
      ids.short,
      ids.noexp,
      ids.ifyxp,
      ids.ifnxp,
      ids.essay,
    ]);
    expect(first.questions[0]!.options).toEqual(opts);
    expect(first.answers).toEqual({});
    const answers = {
      [ids.single]: { value: 'a' },
      [ids.multi]: { value: ['a', 'b'] },
      [ids.text]: { value: 'Words' },
      [ids.numr]: { value: '12.5' },
      [ids.noexp]: { value: 'no' },
      [ids.ifyxp]: { value: 'yes', explanation: 'Because' },
      [ids.ifnxp]: { value: 'yes' },
      [ids.essay]: { value: 'Long text' },
    };
    const saved = await call(t, 'PUT', url(requestId), { as: s.student, body: { answers } });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json<TGot>().answers).toEqual({ ...answers, [ids.ifnxp]: { value: 'yes', explanation: '' } });
    // A second save changes one answer and keeps the others: one row per question.
    expect(
      (await call(t, 'PUT', url(requestId), { as: s.student, body: { answers: { [ids.text]: { value: 'Other words' } } } })).statusCode,
    ).toBe(200);
    const got = (await call(t, 'GET', url(requestId), { as: s.officer })).json<TGot>();
    expect(got.answers[ids.text]).toEqual({ value: 'Other words' });
    expect(got.answers[ids.multi]).toEqual({ value: ['a', 'b'] });
    const rows = await t.sql<{ n: number }>('select count(*)::int as n from custom_question_responses where subject_id = $1', [requestId]);
    expect(rows[0]!.n).toBe(8);
    expect(await auditActionsOf(t, requestId)).toContain('custom_responses.saved');
  });

  it('refuses wrong shapes and questions not asked (hidden, inactive, deleted, unknown), keyed on their fields, saving nothing', async () => {
    const { ids, requestId } = await setup();
    const bad = await call(t, 'PUT', url(requestId), {
      as: s.student,
      body: {
        answers: {
          [ids.single]: { value: 'z' },
          [ids.multi]: { value: 'a' },
          [ids.noexp]: { value: 'maybe' },
          [ids.text]: { value: ['x'] },
        },
      },
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().fieldErrors).sort()).toEqual(
      [`custom.${ids.multi}`, `custom.${ids.noexp}`, `custom.${ids.single}`, `custom.${ids.text}`].sort(),
    );
    for (const notAsked of [ids.hidden, ids.inactive, ids.deleted, randomUUID()]) {
      const res = await call(t, 'PUT', url(requestId), { as: s.student, body: { answers: { [notAsked]: { value: 'x' } } } });
      expect(res.statusCode).toBe(400);
      expect(Object.keys(res.json().fieldErrors)).toEqual([`custom.${notAsked}`]);
    }
    expect((await t.sql('select 1 from custom_question_responses where subject_id = $1', [requestId])).length).toBe(0);
  });

  it('submit checks them with the questionnaire messages on custom.<id>, loses nothing, and submits once complete', async () => {
    const { ids, requestId } = await setup();
    const partial = {
      [ids.text]: { value: 'Kept' },
      [ids.numr]: { value: 'twelve' },
      [ids.ifyxp]: { value: 'yes' },
      [ids.ifnxp]: { value: 'no', explanation: '' },
    };
    expect((await call(t, 'PUT', url(requestId), { as: s.student, body: { answers: partial } })).statusCode).toBe(200);
    const refused = await call(t, 'POST', `/api/requests/${requestId}/submit`, { as: s.student });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().fieldErrors).toEqual({
      [`custom.${ids.single}`]: ['Required field'],
      [`custom.${ids.multi}`]: ['Select at least one option.'],
      [`custom.${ids.numr}`]: ['Invalid number'],
      [`custom.${ids.noexp}`]: ['Required field'],
      [`custom.${ids.ifyxp}`]: ['Please explain your answer.'],
      [`custom.${ids.ifnxp}`]: ['Please explain your answer.'],
      [`custom.${ids.essay}`]: ['Required field'],
    });
    expect(await statusOf(requestId)).toBe('draft');
    expect((await call(t, 'GET', url(requestId), { as: s.student })).json<TGot>().answers[ids.text]).toEqual({ value: 'Kept' });
    const rest = {
      [ids.single]: { value: 'b' },
      [ids.multi]: { value: ['a'] },
      [ids.numr]: { value: '12' },
      [ids.noexp]: { value: 'yes' },
      [ids.ifyxp]: { value: 'yes', explanation: 'Why' },
      [ids.ifnxp]: { value: 'no', explanation: 'Why not' },
      [ids.essay]: { value: 'Done' },
    };
    expect((await call(t, 'PUT', url(requestId), { as: s.student, body: { answers: rest } })).statusCode).toBe(200);
    const sent = await call(t, 'POST', `/api/requests/${requestId}/submit`, { as: s.student });
    expect(sent.statusCode, sent.body).toBe(200);
    // After submission the requester may no longer change them.
    const late = await call(t, 'PUT', url(requestId), { as: s.student, body: { answers: { [ids.text]: { value: 'Late' } } } });
    expect(late.statusCode).toBe(409);
  });
});

describe('assignment, review status, tasks', () => {
  it('assigns only staff who reach the site, notifies the assignee and sets review status Assigned', async () => {
    const r = await buildRequest(t, { status: 'submitted', site: 'MED' });
    const no = await call(t, 'POST', `/api/requests/${r.id}/assign`, { as: s.admin, body: { userId: ids.officer } });
    expect(no.statusCode).toBe(400);
    const candidates = (await call(t, 'GET', `/api/requests/${r.id}/assignees`, { as: s.admin })).json<{ userId: string }[]>();
    expect(candidates.map((c) => c.userId)).toEqual([ids.admin]);
    const main = await buildRequest(t, { status: 'submitted' });
    const ok = await call(t, 'POST', `/api/requests/${main.id}/assign`, { as: s.admin, body: { userId: ids.officer } });
    expect(ok.json()).toMatchObject({ assignedTo: { userId: ids.officer }, reviewStatus: 1 });
    expect((await t.sql('select 1 from notifications where request_id = $1 and user_id = $2', [main.id, ids.officer])).length).toBe(1);
    const rs = await call(t, 'PUT', `/api/requests/${main.id}/review-status`, { as: s.officer, body: { reviewStatus: 3 } });
    expect(rs.json().reviewStatus).toBe(3);
  });

  it('keeps tasks with a done flag', async () => {
    const r = await buildRequest(t, { status: 'in_review' });
    const task = (await call(t, 'POST', `/api/requests/${r.id}/tasks`, { as: s.officer, body: { title: 'Check I-20' } })).json();
    const done = await call(t, 'PUT', `/api/requests/${r.id}/tasks/${task.id}`, {
      as: s.officer,
      body: { title: 'Check I-20', isDone: true },
    });
    expect(done.json()).toMatchObject({ isDone: true });
    expect((await call(t, 'GET', `/api/requests/${r.id}/tasks`, { as: s.officer })).json<unknown[]>().length).toBe(1);
    expect((await call(t, 'DELETE', `/api/requests/${r.id}/tasks/${task.id}`, { as: s.officer })).statusCode).toBe(200);
    const other = await buildRequest(t, { status: 'in_review' });
    expect((await call(t, 'DELETE', `/api/requests/${other.id}/tasks/${task.id}`, { as: s.officer })).statusCode).toBe(404);
  });
});

/**
 * Choosing a person on a request (docs/product/requests.md#review-status-and-assignment): the assignee of
 * the request or of a task is active office staff of the institution who reach the request's campus site;
 * the faculty advisor is an active advisor of the institution.
 */
describe('the people chosen on a request', () => {
  const NOT_ASSIGNABLE = 'This person cannot be assigned: they do not reach the campus site of this request.';
  let inactiveOfficer: string;
  let adminOfB: string;
  let advisorOfB: string;
  beforeAll(async () => {
    inactiveOfficer = (await buildUser(t, { role: 'isssAdmin', staffPermissions: perms({ isOfficer: true }), isActive: false })).id;
    adminOfB = await userIdOf(t, 'admin', t.institutionB);
    advisorOfB = await userIdOf(t, 'advisor', t.institutionB);
  });
  /** Users who are no assignee of a Main Campus request: not staff, staff without reach, turned off, another institution's. */
  const strangers = () => [ids.student!, ids.scholar!, ids.dept!, ids.advisor!, ids.assistant!, inactiveOfficer, adminOfB];

  it('assigns a request only to active office staff of the institution who reach its site', async () => {
    const r = await buildRequest(t, { status: 'submitted' });
    for (const userId of strangers()) {
      const res = await call(t, 'POST', `/api/requests/${r.id}/assign`, { as: s.admin, body: { userId } });
      expect(res.statusCode, userId).toBe(400);
      expect(res.json()).toEqual({ code: 'BAD_REQUEST', message: NOT_ASSIGNABLE, fieldErrors: { userId: [MSG.invalidValue] } });
    }
    expect(await t.sql('select assigned_to_user_id from requests where id = $1', [r.id])).toEqual([{ assigned_to_user_id: null }]);
    const ok = await call(t, 'POST', `/api/requests/${r.id}/assign`, { as: s.admin, body: { userId: ids.officer } });
    expect(ok.json()).toMatchObject({ assignedTo: { userId: ids.officer } });
  });

  it("gives a request's task only to staff who reach the request; an assignee kept from before may stay", async () => {
    const r = await buildRequest(t, { status: 'in_review' });
    const tasks = `/api/requests/${r.id}/tasks`;
    for (const assignedToUserId of strangers()) {
      const res = await call(t, 'POST', tasks, { as: s.officer, body: { title: 'Check I-20', assignedToUserId } });
      expect(res.statusCode, assignedToUserId).toBe(400);
      expect(res.json()).toEqual({ code: 'BAD_REQUEST', message: NOT_ASSIGNABLE, fieldErrors: { assignedToUserId: [MSG.invalidValue] } });
    }
    expect(await t.sql('select 1 from request_tasks where request_id = $1', [r.id])).toEqual([]);
    // A Medical Campus request's task cannot go to the Main Campus officer.
    const med = await buildRequest(t, { status: 'in_review', site: 'MED' });
    const far = await call(t, 'POST', `/api/requests/${med.id}/tasks`, {
      as: s.admin,
      body: { title: 'Call', assignedToUserId: ids.officer },
    });
    expect(far.json().fieldErrors).toEqual({ assignedToUserId: [MSG.invalidValue] });
    const created = await call(t, 'POST', tasks, { as: s.admin, body: { title: 'Check I-20', assignedToUserId: ids.officer } });
    expect(created.statusCode).toBe(200);
    const task = created.json<{ id: string; assignedTo: { userId: string } | null }>();
    expect(task.assignedTo?.userId).toBe(ids.officer);
    const put = (assignedToUserId: string | null) =>
      call(t, 'PUT', `${tasks}/${task.id}`, { as: s.admin, body: { title: 'Check I-20', isDone: true, assignedToUserId } });
    expect((await put(ids.student!)).json().fieldErrors).toEqual({ assignedToUserId: [MSG.invalidValue] });
    // The officer's account is turned off: ticking their task off keeps them; giving it to another stranger does not.
    await t.sql('update users set is_active = false where id = $1', [ids.officer]);
    try {
      expect((await put(ids.officer!)).json()).toMatchObject({ isDone: true, assignedTo: { userId: ids.officer } });
      expect((await put(inactiveOfficer)).statusCode).toBe(400);
    } finally {
      await t.sql('update users set is_active = true where id = $1', [ids.officer]);
    }
    expect((await put(ids.admin!)).json()).toMatchObject({ assignedTo: { userId: ids.admin } });
    expect((await put(null)).json()).toMatchObject({ assignedTo: null });
  });

  it('names as faculty advisor only an active advisor of the institution', async () => {
    const r = await buildRequest(t, { status: 'submitted' });
    const inactiveAdvisor = (await buildUser(t, { role: 'advisor', isActive: false })).id;
    for (const advisorUserId of [ids.student!, ids.scholar!, ids.officer!, ids.dept!, inactiveAdvisor, advisorOfB]) {
      const res = await call(t, 'PUT', `/api/requests/${r.id}`, { as: s.admin, body: { advisorUserId } });
      expect(res.statusCode, advisorUserId).toBe(400);
      expect(res.json().fieldErrors).toEqual({ advisorUserId: ['Choose a faculty advisor from the list.'] });
    }
    const ok = await call(t, 'PUT', `/api/requests/${r.id}`, { as: s.admin, body: { advisorUserId: ids.advisor } });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ advisor: { userId: ids.advisor } });
    const offered = (await call(t, 'GET', '/api/requests/advisors', { as: s.student })).json<{ userId: string }[]>().map((a) => a.userId);
    expect(offered).toContain(ids.advisor);
    expect(offered.some((id) => [inactiveAdvisor, advisorOfB, ids.officer].includes(id))).toBe(false);
  });
});

describe('massApprove', () => {
  it('approves each request it may and reports each one', async () => {
    const ok = await buildRequest(t, { status: 'in_review' });
    const done = await buildRequest(t, { status: 'completed' });
    const med = await buildRequest(t, { status: 'in_review', site: 'MED' });
    const res = await call(t, 'POST', '/api/requests/mass-approve', { as: s.officer, body: { requestIds: [ok.id, done.id, med.id] } });
    expect(res.statusCode).toBe(200);
    const byId = Object.fromEntries(
      (res.json().results as { requestId: string; ok: boolean; message: string }[]).map((x) => [x.requestId, x]),
    );
    expect(byId[ok.id]).toMatchObject({ ok: true });
    expect(byId[done.id]).toMatchObject({ ok: false, message: 'This request is Completed; it cannot be approved.' });
    expect(byId[med.id]).toMatchObject({ ok: false, message: 'The record was not found.' });
    expect(await statusOf(ok.id)).toBe('approved');
    expect(await statusOf(med.id)).toBe('in_review');
  });
});

describe('getHistory: the History Log of a request', () => {
  it('is open to whoever may read the request, newest first', async () => {
    const r = await buildRequest(t);
    await call(t, 'POST', `/api/requests/${r.id}/submit`, { as: s.student });
    await call(t, 'POST', `/api/requests/${r.id}/transition`, { as: s.officer, body: { action: 'start_review' } });
    const h = await call(t, 'GET', `/api/audit/request/${r.id}`, { as: s.officer });
    expect(h.json().items.map((e: { action: string }) => e.action)).toEqual(['request.start_review', 'request.submitted']);
    expect((await call(t, 'GET', `/api/audit/request/${r.id}`, { as: s.student })).statusCode).toBe(200);
    expect((await call(t, 'GET', `/api/audit/request/${r.id}`, { as: s.dept })).statusCode).toBe(404);
    expect((await call(t, 'GET', `/api/audit/request/${r.id}`, { as: s.assistant })).statusCode).toBe(404);
    expect((await call(t, 'GET', '/api/audit/request/not-a-uuid', { as: s.admin })).statusCode).toBe(404);
  });
});

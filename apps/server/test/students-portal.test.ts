import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FORM_MSG, type studentsApi, type TSession } from '@meridian/domain';
import { createTestApp, type TTestApp } from './app.js';
import { PDF, upload } from './fixtures/case-fixtures.js';
import { call } from './http.js';
import { buildDependent, buildStudent, buildUser, siteIdOf } from './factories/index.js';

let t: TTestApp;
const s = {} as Record<'admin' | 'officer' | 'assistant' | 'student', TSession>;
/** The seeded demo wizard's and stages' items, by question text / document name. */
const q: Record<string, string> = {};
const d: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp();
  for (const u of ['admin', 'officer', 'assistant', 'student'] as const) s[u] = await t.login(u);
  for (const r of await t.sql<{ id: string; question_text: string }>(
    'select id, question_text from custom_questions where institution_id = $1',
    [t.institutionA],
  ))
    q[r.question_text] = r.id;
  for (const r of await t.sql<{ id: string; name: string }>('select id, name from custom_documents where institution_id = $1', [
    t.institutionA,
  ]))
    d[r.name] = r.id;
});
afterAll(async () => t?.close());

const EMAIL_OK = 'Is the e-mail address on your admission letter still the best way to reach you?';
const PHONE = 'Your mobile phone number, with country code';
const EMERGENCY = 'Emergency contact: name and phone number';
const ARRIVAL = 'Expected arrival date in the United States';

let n = 0;
/** A new student account with a record in the given stage (site Main Campus), signed in. */
/** A record of institution A by id, for the factories of its parts. */
const mine = (profileId: string) => ({ id: profileId, institutionId: t.institutionA });

async function newPortalStudent(
  o: { stage?: string | undefined; visaType?: 'F-1' | 'J-1' | undefined; site?: 'MAIN' | 'MED' | undefined } = {},
) {
  n += 1;
  const userName = `portal.${process.pid}.${n}`;
  await buildUser(t, {
    userName,
    email: `${userName}@example.edu`,
    firstName: 'Nia',
    lastName: 'Portal',
    role: 'ISSSstudent',
    campusSiteId: await siteIdOf(t, 'MAIN'),
    canSignIn: true,
  });
  const profile = await buildStudent(t, {
    user: userName,
    currentStage: o.stage ?? 'invited',
    visaType: o.visaType ?? 'F-1',
    site: o.site ?? 'MAIN',
    firstName: 'Nia',
    lastName: 'Portal',
  });
  const [u] = await t.sql<{ id: string }>('select id from users where institution_id = $1 and user_name = $2', [t.institutionA, userName]);
  return { profileId: profile.id, userId: u!.id, session: await t.login(userName) };
}

const myStage = async (as: TSession) => {
  const res = await call(t, 'GET', '/api/students/me/stage', { as });
  expect(res.statusCode).toBe(200);
  return res.json<studentsApi.TMyStage>();
};
const answer = (as: TSession, answers: Record<string, { value: string; explanation?: string | undefined }>) =>
  call(t, 'PUT', '/api/students/me/stage/answers', { as, body: { answers } });
const complete = (as: TSession) => call(t, 'POST', '/api/students/me/stage/complete', { as });
const uploadFor = (as: TSession, userId: string, fields: Record<string, string>) =>
  upload(t, as, { subjectUserId: userId, ...fields }, { name: 'scan.pdf', data: PDF });

describe('welcome wizard configuration', () => {
  it('officers create, change, reorder, deactivate and remove steps; assistants and students may not', async () => {
    const body = {
      title: 'Health insurance',
      body: 'Read https://isss.example.edu/insurance first.',
      kind: 'questions',
      itemIds: [q[PHONE]],
      visaScope: 'J-1',
    };
    expect((await call(t, 'POST', '/api/students/welcome-wizard-steps', { as: s.assistant, body })).statusCode).toBe(403);
    expect((await call(t, 'POST', '/api/students/welcome-wizard-steps', { as: s.student, body })).statusCode).toBe(403);
    const created = await call(t, 'POST', '/api/students/welcome-wizard-steps', { as: s.officer, body });
    expect(created.statusCode).toBe(200);
    const step = created.json<studentsApi.TWizardStep>();
    expect(step).toMatchObject({ title: 'Health insurance', kind: 'questions', itemNames: [PHONE], visaScope: 'J-1', isActive: true });

    // A questions step must ask a question; a content step asks nothing even if ids are sent.
    const empty = await call(t, 'POST', '/api/students/welcome-wizard-steps', { as: s.officer, body: { ...body, itemIds: [] } });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().fieldErrors).toEqual({ itemIds: ['Choose at least one question for a questions step.'] });
    const content = await call(t, 'PUT', `/api/students/welcome-wizard-steps/${step.id}`, {
      as: s.officer,
      body: { ...body, kind: 'content', isActive: false },
    });
    expect(content.json()).toMatchObject({ kind: 'content', itemIds: [], isActive: false });
    const noTitle = await call(t, 'PUT', `/api/students/welcome-wizard-steps/${step.id}`, {
      as: s.officer,
      body: { ...body, title: '  ' },
    });
    expect(noTitle.statusCode).toBe(400);
    expect(noTitle.json().fieldErrors.title).toEqual(['Required field']);

    const list = (await call(t, 'GET', '/api/students/welcome-wizard-steps', { as: s.admin })).json<studentsApi.TWizardStep[]>();
    expect(list.at(-1)!.id).toBe(step.id);
    const order = [step.id, ...list.filter((x) => x.id !== step.id).map((x) => x.id)];
    const reordered = await call(t, 'PUT', '/api/students/welcome-wizard-order', { as: s.officer, body: { ids: order } });
    expect(reordered.json<studentsApi.TWizardStep[]>().map((x) => x.id)).toEqual(order);
    // A stale order (a step missing) is refused rather than dropping steps.
    expect((await call(t, 'PUT', '/api/students/welcome-wizard-order', { as: s.officer, body: { ids: order.slice(1) } })).statusCode).toBe(
      400,
    );

    expect((await call(t, 'DELETE', `/api/students/welcome-wizard-steps/${step.id}`, { as: s.officer })).statusCode).toBe(200);
    expect((await call(t, 'GET', `/api/students/welcome-wizard-steps/${step.id}`, { as: s.officer })).statusCode).toBe(404);
    const audit = await t.sql<{ action: string }>('select action from audit_events where entity_id = $1 order by id', [step.id]);
    expect(audit.map((a) => a.action)).toEqual([
      'welcome-wizard-step.created',
      'welcome-wizard-step.updated',
      'welcome-wizard-step.deleted',
    ]);
    // Restore the seeded order for the tests below.
    await call(t, 'PUT', '/api/students/welcome-wizard-order', {
      as: s.officer,
      body: { ids: list.filter((x) => x.id !== step.id).map((x) => x.id) },
    });
  });

  it('the preview shows the wizard a student of each visa type would walk through', async () => {
    const j1 = await call(t, 'POST', '/api/students/welcome-wizard-steps', {
      as: s.officer,
      body: { title: 'Your sponsor', body: 'J-1 only', kind: 'content', visaScope: 'J-1' },
    });
    const f = (
      await call(t, 'GET', '/api/students/welcome-wizard-preview', { as: s.officer, query: { visaType: 'F-1' } })
    ).json<studentsApi.TMyStage>();
    const j = (
      await call(t, 'GET', '/api/students/welcome-wizard-preview', { as: s.officer, query: { visaType: 'J-1' } })
    ).json<studentsApi.TMyStage>();
    expect(f.wizard!.steps.map((x) => x.title)).toEqual(['Welcome', 'Your contact details', 'Your passport', 'Confirm and finish']);
    expect(j.wizard!.steps.map((x) => x.title)).toContain('Your sponsor');
    expect(f.questions.questions.map((x) => x.questionText)).toEqual([EMAIL_OK, PHONE, EMERGENCY]);
    expect(f.documents.map((x) => x.name)).toEqual(['Passport identity page']);
    expect(f.questions.answers).toEqual({});
    await call(t, 'DELETE', `/api/students/welcome-wizard-steps/${j1.json<{ id: string }>().id}`, { as: s.officer });
  });
});

describe('stage configuration', () => {
  it('adds, scopes, reorders and removes stage items; the same item twice in a stage is refused', async () => {
    const add = (body: object, as = s.officer) => call(t, 'POST', '/api/students/stage-items', { as, body });
    expect((await add({ stage: 'check_in', customQuestionId: q[PHONE] }, s.assistant)).statusCode).toBe(403);
    const a = await add({ stage: 'check_in', customQuestionId: q[PHONE] });
    expect(a.json()).toMatchObject({ stage: 'check_in', label: PHONE, visaScope: 'All' });
    const again = await add({ stage: 'check_in', customQuestionId: q[PHONE] });
    expect(again.statusCode).toBe(400);
    expect(again.json().fieldErrors).toEqual({ customQuestionId: ['This stage already asks it.'] });
    expect((await add({ stage: 'check_in' })).json().fieldErrors).toEqual({ customQuestionId: ['Choose a question or a document.'] });
    const id = a.json<{ id: string }>().id;
    expect((await call(t, 'PUT', `/api/students/stage-items/${id}`, { as: s.officer, body: { visaScope: 'J-1' } })).json()).toMatchObject({
      visaScope: 'J-1',
    });
    const items = (await call(t, 'GET', '/api/students/stage-items', { as: s.admin })).json<studentsApi.TStageItem[]>();
    const checkIn = items.filter((x) => x.stage === 'check_in').map((x) => x.id);
    expect(checkIn.at(-1)).toBe(id);
    const moved = await call(t, 'PUT', '/api/students/stage-items-order', {
      as: s.officer,
      body: { stage: 'check_in', ids: [...checkIn].reverse() },
    });
    expect(moved.json<studentsApi.TStageItem[]>().map((x) => x.id)).toEqual([...checkIn].reverse());
    expect((await call(t, 'DELETE', `/api/students/stage-items/${id}`, { as: s.officer })).statusCode).toBe(200);
    const after = (await call(t, 'GET', '/api/students/stage-items', { as: s.admin })).json<studentsApi.TStageItem[]>();
    expect(after.some((x) => x.id === id)).toBe(false);
  });
});

describe('a student walks the stages', () => {
  it('the welcome wizard cannot finish while a required answer, explanation or the passport is missing; then it moves to pre-arrival', async () => {
    const me = await newPortalStudent();
    const stage = await myStage(me.session);
    expect(stage).toMatchObject({ stage: 'invited', homePath: '/student/welcome-wizard', completeness: { isComplete: false } });
    expect(stage.wizard!.steps.map((x) => x.kind)).toEqual(['content', 'questions', 'documents', 'confirm']);

    const refused = await complete(me.session);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().fieldErrors).toEqual({
      [`custom.${q[EMAIL_OK]}`]: [FORM_MSG.required],
      [`custom.${q[PHONE]}`]: [FORM_MSG.required],
      [`custom.${q[EMERGENCY]}`]: [FORM_MSG.required],
      [`document.${d['Passport identity page']}`]: ['Please upload Passport identity page.'],
    });

    // Drafts save at any time; a "No" needs its explanation (IFNXP).
    expect((await answer(me.session, { [q[EMAIL_OK]!]: { value: 'no' }, [q[PHONE]!]: { value: '+1 555 010 0100' } })).statusCode).toBe(200);
    // A step is recorded only once its own items are complete.
    const contact = stage.wizard!.steps[1]!.id;
    const stepRefused = await call(t, 'POST', `/api/students/me/welcome-wizard/steps/${contact}/complete`, { as: me.session });
    expect(stepRefused.statusCode).toBe(400);
    expect(stepRefused.json().fieldErrors).toEqual({
      [`custom.${q[EMAIL_OK]}`]: [FORM_MSG.explain],
      [`custom.${q[EMERGENCY]}`]: [FORM_MSG.required],
    });
    await answer(me.session, {
      [q[EMAIL_OK]!]: { value: 'no', explanation: 'Use nia@example.org' },
      [q[EMERGENCY]!]: { value: 'Ravi, +91 98765 43210' },
    });
    const stepOk = await call(t, 'POST', `/api/students/me/welcome-wizard/steps/${contact}/complete`, { as: me.session });
    expect(stepOk.json<studentsApi.TMyStage>().wizard!.completedStepIds).toEqual([contact]);

    const stillNoPassport = await complete(me.session);
    expect(stillNoPassport.json().fieldErrors).toEqual({
      [`document.${d['Passport identity page']}`]: ['Please upload Passport identity page.'],
    });
    // A document the current stage does not ask cannot be filed by the student.
    expect((await uploadFor(me.session, me.userId, { customDocumentId: d['I-94 arrival record']! })).statusCode).toBe(403);
    expect((await uploadFor(me.session, me.userId, { customDocumentId: d['Passport identity page']! })).statusCode).toBe(200);
    expect((await myStage(me.session)).completeness.isComplete).toBe(true);

    const done = await complete(me.session);
    expect(done.statusCode).toBe(200);
    expect(done.json()).toEqual({ profileId: me.profileId, stage: 'pre_arrival', homePath: '/student/student-pre-arrival' });
    const [p] = await t.sql<{ current_stage: string }>('select current_stage from student_profiles where id = $1', [me.profileId]);
    expect(p!.current_stage).toBe('pre_arrival');
    const [progress] = await t.sql<{ completed_at: Date | null; n: number }>(
      "select completed_at, cardinality(completed_step_ids) as n from student_stage_progress where profile_id = $1 and stage = 'invited'",
      [me.profileId],
    );
    expect(progress!.completed_at).not.toBeNull();
    expect(progress!.n).toBe(4);
    const history = await t.sql<{ action: string; before: unknown; after: unknown }>(
      "select action, before, after from audit_events where entity_type = 'student_profile' and entity_id = $1 and action = 'student.stage-completed'",
      [me.profileId],
    );
    expect(history).toHaveLength(1);
    expect(history[0]).toMatchObject({ before: { currentStage: 'invited' }, after: { currentStage: 'pre_arrival' } });
    const bell = await t.sql<{ text: string }>(
      "select n.text from notifications n join users u on u.id = n.user_id where u.user_name = 'officer' and n.type_name = 'student.stage-completed' and u.institution_id = $1",
      [t.institutionA],
    );
    expect(bell.map((b) => b.text)).toContain('Nia Portal completed the welcome wizard and is now in Pre-arrival.');
  });

  it('pre-arrival needs a file per dependent; completion moves exactly one stage', async () => {
    const me = await newPortalStudent({ stage: 'pre_arrival' });
    const dep = await buildDependent(t, mine(me.profileId), {
      firstName: 'Asha',
      lastName: 'Portal',
      relationshipCode: '01',
      birthDate: null,
    });
    const stage = await myStage(me.session);
    const depDoc = stage.documents.find((x) => x.name === 'Dependent passport identity page')!;
    expect(depDoc.slots.map((x) => x.label)).toEqual(['Asha Portal']);
    const refused = await complete(me.session);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      code: 'INCOMPLETE',
      message: 'Please complete this stage before continuing: see the messages on each item.',
    });
    expect(refused.json().fieldErrors).toEqual({
      [`custom.${q[ARRIVAL]}`]: [FORM_MSG.required],
      [`document.${d['Financial documents']}`]: ['Please upload Financial documents.'],
      [`document.${depDoc.id}.dependent.${dep.id}`]: ['Please upload Dependent passport identity page for Asha Portal.'],
    });
    await answer(me.session, { [q[ARRIVAL]!]: { value: '08/10/2026' } });
    await uploadFor(me.session, me.userId, { customDocumentId: d['Financial documents']! });
    // One file on the main record does not count for the dependent; the dependent must be named, and be theirs.
    const noDep = await uploadFor(me.session, me.userId, { customDocumentId: depDoc.id });
    expect(noDep.statusCode).toBe(400);
    expect(noDep.json().fieldErrors).toEqual({ dependentId: ['Choose the dependent this file is for.'] });
    const other = await newPortalStudent({ stage: 'pre_arrival' });
    const otherDep = await buildDependent(t, mine(other.profileId), {
      firstName: 'Not',
      lastName: 'Mine',
      relationshipCode: '02',
      birthDate: null,
    });
    const notMine = await uploadFor(me.session, me.userId, { customDocumentId: depDoc.id, dependentId: otherDep.id });
    expect(notMine.json().fieldErrors).toEqual({ dependentId: ['The dependent was not found.'] });
    expect((await complete(me.session)).json().fieldErrors).toEqual({
      [`document.${depDoc.id}.dependent.${dep.id}`]: ['Please upload Dependent passport identity page for Asha Portal.'],
    });
    expect((await uploadFor(me.session, me.userId, { customDocumentId: depDoc.id, dependentId: dep.id })).statusCode).toBe(200);

    const [first, second] = await Promise.all([complete(me.session), complete(me.session)]);
    expect([first.statusCode, second.statusCode].sort()).toEqual([200, 400]);
    const [p] = await t.sql<{ current_stage: string }>('select current_stage from student_profiles where id = $1', [me.profileId]);
    expect(p!.current_stage).toBe('check_in');
    const next = await myStage(me.session);
    expect(next.stage).toBe('check_in');
    expect(next.documents.map((x) => x.name)).toEqual(['I-94 arrival record']);
  });

  it('check-in completion leads to the service menu', async () => {
    const me = await newPortalStudent({ stage: 'check_in' });
    await answer(me.session, { [q['Is the U.S. address on your record correct?']!]: { value: 'yes' } });
    // A wrong file can be removed while the stage still asks for it; then the stage is incomplete again.
    const wrong = (await uploadFor(me.session, me.userId, { customDocumentId: d['I-94 arrival record']! })).json<{ id: string }>();
    expect((await call(t, 'DELETE', `/api/attachments/${wrong.id}`, { as: me.session })).statusCode).toBe(200);
    expect((await complete(me.session)).json().fieldErrors).toEqual({
      [`document.${d['I-94 arrival record']}`]: ['Please upload I-94 arrival record.'],
    });
    const right = (await uploadFor(me.session, me.userId, { customDocumentId: d['I-94 arrival record']! })).json<{ id: string }>();
    const done = await complete(me.session);
    expect(done.json()).toEqual({
      profileId: me.profileId,
      stage: 'continuing',
      homePath: `/student/student-service-menu/${me.profileId}`,
    });
    expect((await complete(me.session)).statusCode).toBe(400);
    // Once the stage is finished its files are the office's record: the student can no longer remove them.
    expect((await call(t, 'DELETE', `/api/attachments/${right.id}`, { as: me.session })).statusCode).toBe(403);
  });

  it('items scoped to J-1 are asked of exchange visitors only', async () => {
    const item = await call(t, 'POST', '/api/students/stage-items', {
      as: s.officer,
      body: { stage: 'check_in', visaScope: 'J-1', customQuestionId: q[PHONE] },
    });
    const f1 = await newPortalStudent({ stage: 'check_in', visaType: 'F-1' });
    const j1 = await newPortalStudent({ stage: 'check_in', visaType: 'J-1' });
    expect((await myStage(f1.session)).questions.questions.map((x) => x.id)).not.toContain(q[PHONE]);
    expect((await myStage(j1.session)).questions.questions.map((x) => x.id)).toContain(q[PHONE]);
    expect((await complete(j1.session)).json().fieldErrors[`custom.${q[PHONE]}`]).toEqual([FORM_MSG.required]);
    expect((await complete(f1.session)).json().fieldErrors[`custom.${q[PHONE]}`]).toBeUndefined();
    await call(t, 'DELETE', `/api/students/stage-items/${item.json<{ id: string }>().id}`, { as: s.officer });
  });
});

describe('invited stage items outside the wizard steps', () => {
  it('are asked in a step of their own before the confirmation, which is recorded like the others', async () => {
    const item = await call(t, 'POST', '/api/students/stage-items', {
      as: s.officer,
      body: { stage: 'invited', customQuestionId: q[ARRIVAL] },
    });
    const me = await newPortalStudent();
    const stage = await myStage(me.session);
    expect(stage.wizard!.steps.map((x) => x.title)).toEqual([
      'Welcome',
      'Your contact details',
      'Your passport',
      'A few more things',
      'Confirm and finish',
    ]);
    expect(stage.wizard!.steps[3]).toMatchObject({ id: 'stage-items', questionIds: [q[ARRIVAL]] });
    const refused = await call(t, 'POST', '/api/students/me/welcome-wizard/steps/stage-items/complete', { as: me.session });
    expect(refused.json().fieldErrors).toEqual({ [`custom.${q[ARRIVAL]}`]: [FORM_MSG.required] });
    await answer(me.session, { [q[ARRIVAL]!]: { value: '08/10/2026' } });
    const ok = await call(t, 'POST', '/api/students/me/welcome-wizard/steps/stage-items/complete', { as: me.session });
    expect(ok.json<studentsApi.TMyStage>().wizard!.completedStepIds).toContain('stage-items');
    // A step that is not in this student's wizard is not found.
    expect((await call(t, 'POST', '/api/students/me/welcome-wizard/steps/nope/complete', { as: me.session })).statusCode).toBe(404);
    await call(t, 'DELETE', `/api/students/stage-items/${item.json<{ id: string }>().id}`, { as: s.officer });
  });
});

describe("getStageProgress: who sees a student's stage", () => {
  it('a student only ever sees their own stage; staff see progress within their sites', async () => {
    const a = await newPortalStudent({ stage: 'pre_arrival' });
    const b = await newPortalStudent({ stage: 'pre_arrival', site: 'MED' });
    await answer(a.session, { [q[ARRIVAL]!]: { value: '08/10/2026' } });
    // B's own stage has nothing of A's answers.
    expect((await myStage(b.session)).questions.answers).toEqual({});
    expect((await myStage(b.session)).profileId).toBe(b.profileId);
    // A student cannot read anyone's progress through the staff route, nor file on another's record.
    expect((await call(t, 'GET', `/api/students/${a.profileId}/stage-progress`, { as: b.session })).statusCode).toBe(403);
    expect((await uploadFor(b.session, a.userId, { customDocumentId: d['Financial documents']! })).statusCode).toBe(404);

    const progress = await call(t, 'GET', `/api/students/${a.profileId}/stage-progress`, { as: s.officer });
    expect(progress.statusCode).toBe(200);
    const body = progress.json<studentsApi.TStageProgress>();
    expect(body.currentStage).toBe('pre_arrival');
    expect(body.current!.items.find((x) => x.key === `custom.${q[ARRIVAL]}`)).toMatchObject({ isDone: true });
    expect(body.current!.items.find((x) => x.key === `document.${d['Financial documents']}`)).toMatchObject({ isDone: false });
    // The Main Campus officer does not reach a Medical Campus record.
    expect((await call(t, 'GET', `/api/students/${b.profileId}/stage-progress`, { as: s.officer })).statusCode).toBe(404);
    expect((await call(t, 'GET', `/api/students/${b.profileId}/stage-progress`, { as: s.admin })).statusCode).toBe(200);
  });
});

describe('continuing students', () => {
  it("see what the office asks of them now (the continuing list), answer it and cannot 'complete' past continuing", async () => {
    const added = await call(t, 'POST', '/api/students/stage-items', {
      as: s.officer,
      body: { stage: 'continuing', customQuestionId: q[EMERGENCY] },
    });
    expect(added.statusCode, added.body).toBe(200);
    const mine = await myStage(s.student);
    expect(mine.stage).toBe('continuing');
    expect(mine.questions.questions.map((x) => x.questionText)).toContain(EMERGENCY);
    expect((await answer(s.student, { [q[EMERGENCY]!]: { value: 'Ravi Sharma, +91 98200 00000' } })).statusCode).toBe(200);
    expect((await myStage(s.student)).questions.answers[q[EMERGENCY]!]?.value).toBe('Ravi Sharma, +91 98200 00000');
    expect((await complete(s.student)).statusCode).toBe(400);
  });
});

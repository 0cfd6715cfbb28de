import type { TExpect, TMatrixContext, TMatrixRow } from './authorization-matrix.js';
import { buildCustomQuestion, buildStageItem, buildStudent, buildWizardStep } from './factories/index.js';

// students.configure: super users and officers. students.self: students (their own record).
const CONFIGURE: TExpect = { anonymous: 401, admin: 200, officer: 200, assistant: 403, dept: 403, scholar: 403, student: 403 };
const SELF: TExpect = { anonymous: 401, admin: 403, officer: 403, assistant: 403, dept: 403, scholar: 403, student: 200 };
// The demo student is continuing: nothing is left to complete, so the call is refused with a message (400).
const SELF_NOTHING_TO_COMPLETE: TExpect = { ...SELF, student: 400 };
// students.read with the record's campus site: the assistant (Main Campus, no officer role) reaches Main Campus records.
const READ_MAIN: TExpect = { anonymous: 401, admin: 200, officer: 200, assistant: 200, dept: 403, scholar: 403, student: 403 };

const newStep = async (m: TMatrixContext) =>
  (await buildWizardStep(m.t, { title: 'Matrix step', body: 'Hello', kind: 'content', ordinal: 99 })).id;
const newItemTarget = async (m: TMatrixContext) =>
  (await buildCustomQuestion(m.t, { questionType: 'TEXT', questionText: 'Matrix stage question?' })).id;
const newStageItem = async (m: TMatrixContext) =>
  (await buildStageItem(m.t, { stage: 'continuing', customQuestionId: await newItemTarget(m), ordinal: 99 })).id;
const stepBody = { title: 'Matrix step', body: 'Text', kind: 'content', visaScope: 'All', isActive: true };

/** The students module's portal routes (see authorization-matrix.ts). */
export const STUDENTS_PORTAL_MATRIX: TMatrixRow[] = [
  { method: 'GET', path: '/api/students/welcome-wizard-steps', access: 'students.configure', request: () => ({}), expect: CONFIGURE },
  {
    method: 'GET',
    path: '/api/students/welcome-wizard-steps/:stepId',
    access: 'students.configure',
    foreignRecord: 404,
    request: async (m) => ({ params: { stepId: await newStep(m) } }),
    expect: CONFIGURE,
  },
  {
    method: 'POST',
    path: '/api/students/welcome-wizard-steps',
    access: 'students.configure',
    request: () => ({ body: stepBody }),
    expect: CONFIGURE,
  },
  {
    method: 'PUT',
    path: '/api/students/welcome-wizard-steps/:stepId',
    access: 'students.configure',
    foreignRecord: 404,
    request: async (m) => ({ params: { stepId: await newStep(m) }, body: { ...stepBody, isActive: false } }),
    expect: CONFIGURE,
  },
  {
    method: 'DELETE',
    path: '/api/students/welcome-wizard-steps/:stepId',
    access: 'students.configure',
    foreignRecord: 404,
    request: async (m) => ({ params: { stepId: await newStep(m) } }),
    expect: CONFIGURE,
  },
  {
    method: 'PUT',
    path: '/api/students/welcome-wizard-order',
    access: 'students.configure',
    request: async (m) => {
      await newStep(m);
      const rows = await m.t.sql<{ id: string }>(
        'select id from welcome_wizard_steps where institution_id = $1 order by ordinal desc, created_at',
        [m.t.institutionA],
      );
      return { body: { ids: rows.map((r) => r.id) } };
    },
    expect: CONFIGURE,
  },
  {
    method: 'GET',
    path: '/api/students/welcome-wizard-preview',
    access: 'students.configure',
    request: () => ({ query: { visaType: 'J-1' } }),
    expect: CONFIGURE,
  },

  { method: 'GET', path: '/api/students/stage-items', access: 'students.configure', request: () => ({}), expect: CONFIGURE },
  {
    method: 'POST',
    path: '/api/students/stage-items',
    access: 'students.configure',
    request: async (m) => ({ body: { stage: 'continuing', customQuestionId: await newItemTarget(m) } }),
    expect: CONFIGURE,
  },
  {
    method: 'PUT',
    path: '/api/students/stage-items/:itemId',
    access: 'students.configure',
    foreignRecord: 404,
    request: async (m) => ({ params: { itemId: await newStageItem(m) }, body: { visaScope: 'J-1' } }),
    expect: CONFIGURE,
  },
  {
    method: 'DELETE',
    path: '/api/students/stage-items/:itemId',
    access: 'students.configure',
    foreignRecord: 404,
    request: async (m) => ({ params: { itemId: await newStageItem(m) } }),
    expect: CONFIGURE,
  },
  {
    method: 'PUT',
    path: '/api/students/stage-items-order',
    access: 'students.configure',
    request: async (m) => {
      await newStageItem(m);
      const rows = await m.t.sql<{ id: string }>(
        "select id from stage_items where institution_id = $1 and stage = 'continuing' order by ordinal desc",
        [m.t.institutionA],
      );
      return { body: { stage: 'continuing', ids: rows.map((r) => r.id) } };
    },
    expect: CONFIGURE,
  },

  { method: 'GET', path: '/api/students/me/stage', access: 'students.self', request: () => ({}), expect: SELF },
  {
    method: 'PUT',
    path: '/api/students/me/stage/answers',
    access: 'students.self',
    request: () => ({ body: { answers: {} } }),
    expect: SELF,
  },
  {
    method: 'POST',
    path: '/api/students/me/welcome-wizard/steps/:stepId/complete',
    access: 'students.self',
    request: async (m) => ({ params: { stepId: await newStep(m) } }),
    expect: SELF_NOTHING_TO_COMPLETE,
  },
  {
    method: 'POST',
    path: '/api/students/me/stage/complete',
    access: 'students.self',
    request: () => ({}),
    expect: SELF_NOTHING_TO_COMPLETE,
  },
  {
    method: 'GET',
    path: '/api/students/:profileId/stage-progress',
    access: 'students.read',
    foreignRecord: 404,
    request: async (m) => ({ params: { profileId: (await buildStudent(m.t, { site: 'MAIN' })).id } }),
    expect: READ_MAIN,
  },
];

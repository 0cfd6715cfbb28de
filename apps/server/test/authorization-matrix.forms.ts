import type { TExpect, TMatrixRow } from './authorization-matrix.js';
import { buildCustomDocument, buildCustomQuestion, buildLookupSet, buildQuestionnaire } from './factories/index.js';

// forms.read: any office staff; forms.manage: super users and officers.
const READ: TExpect = { anonymous: 401, admin: 200, officer: 200, assistant: 200, dept: 403, scholar: 403, student: 403 };
const MANAGE: TExpect = { anonymous: 401, admin: 200, officer: 200, assistant: 403, dept: 403, scholar: 403, student: 403 };

const questionnaireBody = { name: 'Matrix questionnaire', content: { folders: [] } };
const options = [{ value: 'y', label: 'Yes' }];

/** Form Management, lookup sets, custom questions and documents. */
export const FORMS_MATRIX: TMatrixRow[] = [
  { method: 'GET', path: '/api/questionnaires', access: 'forms.read', request: () => ({ query: { bRetired: '0' } }), expect: READ },
  {
    method: 'GET',
    path: '/api/questionnaires/:questionnaireId',
    access: 'forms.read',
    foreignRecord: 404,
    request: async (m) => ({ params: { questionnaireId: (await buildQuestionnaire(m.t)).id } }),
    expect: READ,
  },
  { method: 'POST', path: '/api/questionnaires', access: 'forms.manage', request: () => ({ body: questionnaireBody }), expect: MANAGE },
  {
    method: 'PUT',
    path: '/api/questionnaires/:questionnaireId',
    access: 'forms.manage',
    foreignRecord: 404,
    request: async (m) => ({ params: { questionnaireId: (await buildQuestionnaire(m.t)).id }, body: questionnaireBody }),
    expect: MANAGE,
  },
  {
    method: 'POST',
    path: '/api/questionnaires/:questionnaireId/retire',
    access: 'forms.manage',
    foreignRecord: 404,
    request: async (m) => ({ params: { questionnaireId: (await buildQuestionnaire(m.t)).id } }),
    expect: MANAGE,
  },
  {
    method: 'POST',
    path: '/api/questionnaires/:questionnaireId/unretire',
    access: 'forms.manage',
    foreignRecord: 404,
    request: async (m) => ({ params: { questionnaireId: (await buildQuestionnaire(m.t)).id } }),
    expect: MANAGE,
  },
  {
    method: 'GET',
    path: '/api/questionnaires/:questionnaireId/versions',
    access: 'forms.read',
    foreignRecord: 404,
    request: async (m) => ({ params: { questionnaireId: (await buildQuestionnaire(m.t)).id } }),
    expect: READ,
  },

  { method: 'GET', path: '/api/lookup-sets', access: 'forms.read', request: () => ({}), expect: READ },
  {
    method: 'POST',
    path: '/api/lookup-sets',
    access: 'forms.manage',
    request: () => ({ body: { name: 'Matrix set', options } }),
    expect: MANAGE,
  },
  {
    method: 'PUT',
    path: '/api/lookup-sets/:lookupSetId',
    access: 'forms.manage',
    foreignRecord: 404,
    request: async (m) => ({ params: { lookupSetId: (await buildLookupSet(m.t)).id }, body: { name: 'Matrix set 2', options } }),
    expect: MANAGE,
  },

  { method: 'GET', path: '/api/custom-questions', access: 'forms.read', request: () => ({}), expect: READ },
  {
    method: 'POST',
    path: '/api/custom-questions',
    access: 'forms.manage',
    request: () => ({ body: { questionType: 'TEXT', questionText: 'Matrix?' } }),
    expect: MANAGE,
  },
  {
    method: 'PUT',
    path: '/api/custom-questions/:customQuestionId',
    access: 'forms.manage',
    foreignRecord: 404,
    request: async (m) => ({
      params: { customQuestionId: (await buildCustomQuestion(m.t)).id },
      body: { questionType: 'NUMR', questionText: 'How many?' },
    }),
    expect: MANAGE,
  },
  {
    method: 'DELETE',
    path: '/api/custom-questions/:customQuestionId',
    access: 'forms.manage',
    foreignRecord: 404,
    request: async (m) => ({ params: { customQuestionId: (await buildCustomQuestion(m.t)).id } }),
    expect: MANAGE,
  },

  { method: 'GET', path: '/api/custom-documents', access: 'forms.read', request: () => ({}), expect: READ },
  {
    method: 'POST',
    path: '/api/custom-documents',
    access: 'forms.manage',
    request: () => ({ body: { name: 'Passport copy', documentType: 'file_upload' } }),
    expect: MANAGE,
  },
  {
    method: 'PUT',
    path: '/api/custom-documents/:customDocumentId',
    access: 'forms.manage',
    foreignRecord: 404,
    request: async (m) => ({
      params: { customDocumentId: (await buildCustomDocument(m.t)).id },
      body: { name: 'Visa copy', documentType: 'file_upload' },
    }),
    expect: MANAGE,
  },
  {
    method: 'DELETE',
    path: '/api/custom-documents/:customDocumentId',
    access: 'forms.manage',
    foreignRecord: 404,
    request: async (m) => ({ params: { customDocumentId: (await buildCustomDocument(m.t)).id } }),
    expect: MANAGE,
  },
];

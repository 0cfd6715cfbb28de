import type { TSession } from '@meridian/domain';
import type { TTestApp } from './app.js';
import type { TExpect, TMatrixContext, TMatrixRow } from './authorization-matrix.js';
import { multipart, PDF, uploadOk } from './fixtures/case-fixtures.js';
import { buildRequest } from './factories/index.js';
import { call } from './http.js';

// Request-scoped routes: the demo student's draft on Main Campus. The super user and Main Campus's
// officer process it; the assistant (no processRequests flag), department and scholar cannot read it (404).
const READ: TExpect = { anonymous: 401, admin: 200, officer: 200, assistant: 404, dept: 404, scholar: 404, student: 200 };
const MANAGE: TExpect = { anonymous: 401, admin: 200, officer: 200, assistant: 404, dept: 403, scholar: 403, student: 403 };
const OWN_COMMENT: TExpect = { anonymous: 401, admin: 403, officer: 403, assistant: 404, dept: 404, scholar: 404, student: 200 };
const ANYONE: TExpect = { anonymous: 401, admin: 200, officer: 200, assistant: 200, dept: 200, scholar: 200, student: 200 };

const students = new WeakMap<TTestApp, Promise<TSession>>();
const studentOf = (t: TTestApp) => {
  if (!students.has(t)) students.set(t, t.login('student'));
  return students.get(t)!;
};

/** A fresh request and a PDF on it, uploaded by the student (visible to them). */
async function newFile(m: TMatrixContext): Promise<{ requestId: string; attachmentId: string }> {
  const requestId = (await buildRequest(m.t)).id;
  const a = await uploadOk(m.t, await studentOf(m.t), { requestId });
  return { requestId, attachmentId: a.id };
}
async function newStudentComment(m: TMatrixContext): Promise<string> {
  const requestId = (await buildRequest(m.t)).id;
  const res = await call(m.t, 'POST', '/api/comments', {
    as: await studentOf(m.t),
    body: { subjectType: 'request', subjectId: requestId, body: 'Matrix comment' },
  });
  return res.json<{ id: string }>().id;
}

/** Attachments, comments and notifications (docs/product/attachments.md, comments.md, notifications.md). */
export const ATTACHMENTS_MATRIX: TMatrixRow[] = [
  {
    method: 'POST',
    path: '/api/attachments',
    access: 'attachments.upload',
    foreignRecord: 404,
    request: async (m) => {
      const { payload, headers } = multipart(
        { requestId: (await buildRequest(m.t)).id, categoryId: 'passport' },
        { name: 'passport.pdf', data: PDF },
      );
      return { body: payload, headers };
    },
    expect: READ,
  },
  {
    method: 'GET',
    path: '/api/requests/:requestId/attachments',
    access: 'attachments.read',
    foreignRecord: 404,
    request: async (m) => ({ params: { requestId: (await newFile(m)).requestId } }),
    expect: READ,
  },
  {
    method: 'GET',
    path: '/api/requests/:requestId/document-checklist',
    access: 'attachments.read',
    foreignRecord: 404,
    request: async (m) => ({ params: { requestId: (await buildRequest(m.t)).id } }),
    expect: READ,
  },
  {
    method: 'GET',
    path: '/api/users/:userId/attachments',
    access: 'attachments.manage',
    foreignRecord: 404,
    request: (m) => ({ params: { userId: m.ids.student! } }),
    // The assistant holds the editStudent flag on Main Campus, the student's site.
    expect: { anonymous: 401, admin: 200, officer: 200, assistant: 200, dept: 403, scholar: 403, student: 403 },
  },
  {
    method: 'GET',
    path: '/api/attachments/:attachmentId',
    access: 'attachments.read',
    foreignRecord: 404,
    request: async (m) => ({ params: { attachmentId: (await newFile(m)).attachmentId } }),
    expect: READ,
  },
  {
    method: 'GET',
    path: '/api/attachments/:attachmentId/download',
    access: 'attachments.read',
    foreignRecord: 404,
    request: async (m) => ({ params: { attachmentId: (await newFile(m)).attachmentId } }),
    expect: READ,
  },
  {
    method: 'POST',
    path: '/api/attachments/:attachmentId/reject',
    access: 'attachments.manage',
    foreignRecord: 404,
    request: async (m) => ({ params: { attachmentId: (await newFile(m)).attachmentId }, body: { reason: 'Blurred scan' } }),
    expect: MANAGE,
  },
  {
    method: 'PUT',
    path: '/api/attachments/:attachmentId/visibility',
    access: 'attachments.manage',
    foreignRecord: 404,
    request: async (m) => ({
      params: { attachmentId: (await newFile(m)).attachmentId },
      body: { isVisibleToRequester: true, isVisibleToDepartment: true },
    }),
    expect: MANAGE,
  },
  {
    method: 'PUT',
    path: '/api/attachments/:attachmentId/category',
    access: 'attachments.manage',
    foreignRecord: 404,
    request: async (m) => ({ params: { attachmentId: (await newFile(m)).attachmentId }, body: { categoryId: 'i20' } }),
    expect: MANAGE,
  },
  {
    method: 'POST',
    path: '/api/attachments/:attachmentId/link',
    access: 'attachments.manage',
    foreignRecord: 404,
    request: async (m) => ({
      params: { attachmentId: (await newFile(m)).attachmentId },
      body: { requestId: (await buildRequest(m.t)).id },
    }),
    expect: MANAGE,
  },
  {
    method: 'DELETE',
    path: '/api/attachments/:attachmentId',
    access: 'attachments.upload',
    foreignRecord: 404,
    request: async (m) => ({ params: { attachmentId: (await newFile(m)).attachmentId } }),
    expect: READ,
  },
  {
    method: 'POST',
    path: '/api/attachments/combined-pdf',
    access: 'attachments.manage',
    foreignRecord: 404,
    request: async (m) => ({ body: { attachmentIds: [(await newFile(m)).attachmentId] } }),
    expect: MANAGE,
  },

  {
    method: 'GET',
    path: '/api/comments',
    access: 'comments.read',
    foreignRecord: 404,
    request: async (m) => ({ query: { subjectType: 'request', subjectId: (await buildRequest(m.t)).id } }),
    expect: READ,
  },
  {
    method: 'POST',
    path: '/api/comments',
    access: 'comments.write',
    foreignRecord: 404,
    request: async (m) => ({ body: { subjectType: 'request', subjectId: (await buildRequest(m.t)).id, body: 'Hello' } }),
    expect: READ,
  },
  {
    method: 'PUT',
    path: '/api/comments/:commentId',
    access: 'comments.write',
    foreignRecord: 404,
    request: async (m) => ({ params: { commentId: await newStudentComment(m) }, body: { body: 'Edited' } }),
    expect: OWN_COMMENT,
  },
  {
    method: 'DELETE',
    path: '/api/comments/:commentId',
    access: 'comments.write',
    foreignRecord: 404,
    request: async (m) => ({ params: { commentId: await newStudentComment(m) } }),
    expect: OWN_COMMENT,
  },

  // Notifications: every signed-in user has their own; ids of others' simply change nothing.
  {
    method: 'GET',
    path: '/api/notifications',
    access: 'authenticated',
    request: () => ({ query: { start: 0, limit: 10 } }),
    expect: ANYONE,
  },
  {
    method: 'POST',
    path: '/api/notifications/read',
    access: 'authenticated',
    request: () => ({ body: { ids: ['00000000-0000-4000-8000-000000000000'] } }),
    expect: ANYONE,
  },
  {
    method: 'POST',
    path: '/api/notifications/read-range',
    access: 'authenticated',
    request: () => ({ body: { start: '2026-01-01T00:00:00.000Z', end: '2026-01-02T00:00:00.000Z' } }),
    expect: ANYONE,
  },
  { method: 'POST', path: '/api/notifications/read-all', access: 'authenticated', request: () => ({}), expect: ANYONE },
  {
    method: 'POST',
    path: '/api/notifications/hide',
    access: 'authenticated',
    request: () => ({ body: { ids: ['00000000-0000-4000-8000-000000000000'] } }),
    expect: ANYONE,
  },
];

import { buildStudent } from './factories/index.js';
import type { TExpect, TMatrixContext, TMatrixRow } from './authorization-matrix.js';

/** Super users and officers manage e-mail templates (docs/product/messages.md#who-may-edit-templates). */
const MANAGERS = (n: number): TExpect => ({ anonymous: 401, admin: n, officer: n, assistant: 403, dept: 403, scholar: 403, student: 403 });

const body = () => ({
  name: 'Matrix template',
  recordKind: 'student',
  subject: 'Hello {{student.firstName}}',
  bodyHtml: '<p>Hello {{student.firstName}}</p>',
});

/** A fresh office template of institution A (a target for one call). */
async function template(m: TMatrixContext): Promise<string> {
  const [row] = await m.t.sql<{ id: string }>(
    `insert into email_templates (institution_id, name, record_kind, subject, body_html, body_text, current_version)
     values ($1, 'Matrix', 'student', 'Hi', '<p>Hi</p>', 'Hi', 1) returning id`,
    [m.t.institutionA],
  );
  await m.t.sql(
    `insert into email_template_versions (institution_id, template_id, version, subject, body_html) values ($1, $2, 1, 'Hi', '<p>Hi</p>')`,
    [m.t.institutionA, row!.id],
  );
  return row!.id;
}

/** A Main Campus student of institution A, to preview a template on. */
const preview = async (m: TMatrixContext) => ({
  body: {
    recordKind: 'student',
    subject: 'Hi',
    bodyHtml: '<p>{{student.firstName}}</p>',
    record: { kind: 'student', id: (await buildStudent(m.t, { site: 'MAIN' })).id },
  },
});

export const EMAIL_TEMPLATES_MATRIX: TMatrixRow[] = [
  { method: 'GET', path: '/api/messages/email-templates', access: 'messages.templates.manage', request: () => ({}), expect: MANAGERS(200) },
  {
    method: 'GET',
    path: '/api/messages/email-templates/:templateId',
    access: 'messages.templates.manage',
    foreignRecord: 404,
    request: async (m) => ({ params: { templateId: await template(m) } }),
    expect: MANAGERS(200),
  },
  {
    method: 'POST',
    path: '/api/messages/email-templates',
    access: 'messages.templates.manage',
    request: () => ({ body: body() }),
    expect: MANAGERS(200),
  },
  {
    method: 'PUT',
    path: '/api/messages/email-templates/:templateId',
    access: 'messages.templates.manage',
    foreignRecord: 404,
    request: async (m) => ({ params: { templateId: await template(m) }, body: body() }),
    expect: MANAGERS(200),
  },
  {
    method: 'DELETE',
    path: '/api/messages/email-templates/:templateId',
    access: 'messages.templates.manage',
    foreignRecord: 404,
    request: async (m) => ({ params: { templateId: await template(m) } }),
    expect: MANAGERS(200),
  },
  {
    method: 'POST',
    path: '/api/messages/email-templates/:templateId/versions/:version/restore',
    access: 'messages.templates.manage',
    foreignRecord: 404,
    request: async (m) => ({ params: { templateId: await template(m), version: '1' } }),
    expect: MANAGERS(200),
  },
  {
    method: 'POST',
    path: '/api/messages/email-templates/preview',
    access: 'messages.templates.manage',
    foreignRecord: 404,
    request: preview,
    expect: MANAGERS(200),
  },
  {
    method: 'POST',
    path: '/api/messages/email-templates/send-test',
    access: 'messages.templates.manage',
    foreignRecord: 404,
    request: preview,
    expect: MANAGERS(200),
  },
  {
    method: 'GET',
    path: '/api/messages/system-emails/:key',
    access: 'messages.templates.manage',
    request: () => ({ params: { key: 'document.rejected' } }),
    expect: MANAGERS(200),
  },
  {
    method: 'PUT',
    path: '/api/messages/system-emails/:key',
    access: 'messages.templates.manage',
    request: () => ({
      params: { key: 'document.rejected' },
      body: { subject: 'Rejected: {{document.name}}', bodyHtml: '<p>{{document.rejectionReason}}</p>' },
    }),
    expect: MANAGERS(200),
  },
  {
    method: 'POST',
    path: '/api/messages/system-emails/:key/reset',
    access: 'messages.templates.manage',
    request: () => ({ params: { key: 'document.rejected' } }),
    expect: MANAGERS(200),
  },
];

import type { TExpect, TMatrixContext, TMatrixRow } from './authorization-matrix.js';

/** Super users, officers and assistants holding sendemail (the demo assistant does, for Main Campus). */
const SENDERS = (n: number): TExpect => ({ anonymous: 401, admin: n, officer: n, assistant: n, dept: 403, scholar: 403, student: 403 });
/** A send made by the super user: other senders do not see it (docs/product/messages.md#the-mass-notification-log). */
const ADMINS_SEND = (n: number): TExpect => ({ ...SENDERS(404), admin: n });

const demoStudent = async (m: TMatrixContext) =>
  (await m.t.sqlOne<{ id: string }>('select id from student_profiles where user_id = $1', [m.ids.student!])).id;

/** A mass send of the super user's, straight in the table, in the given state. */
async function adminSend(m: TMatrixContext, status: 'scheduled' | 'sending', recipient: 'failed' | 'none' = 'none'): Promise<string> {
  const { id } = await m.t.sqlOne<{ id: string }>(
    `insert into mass_sends (institution_id, created_by, record_kind, recipient_source, recipient_label, subject, body_html, status, send_at)
     values ($1, $2, 'student', $3, 'matrix', 'Matrix', '<p>Hello</p>', $4, now() + interval '1 day') returning id`,
    [m.t.institutionA, m.ids.admin!, JSON.stringify({ type: 'students', ids: [await demoStudent(m)] }), status],
  );
  if (recipient === 'failed')
    await m.t.sql(
      `insert into mass_send_recipients (institution_id, mass_send_id, record_id, name, address, status, reason)
       values ($1, $2, $3, 'Matrix', 'matrix@example.edu', 'failed', 'matrix')`,
      [m.t.institutionA, id, await demoStudent(m)],
    );
  return id;
}

/** Email Communications (docs/product/messages.md#email-communications). */
export const MASS_EMAIL_MATRIX: TMatrixRow[] = [
  { method: 'GET', path: '/api/messages/mass', access: 'messages.mass.send', request: () => ({}), expect: SENDERS(200) },
  {
    method: 'POST',
    path: '/api/messages/mass/recipients-preview',
    access: 'messages.mass.send',
    request: () => ({ body: { recordKind: 'student', recipients: { type: 'studentList', title: 'active', filters: {} } } }),
    expect: SENDERS(200),
  },
  {
    method: 'POST',
    path: '/api/messages/mass/message-preview',
    access: 'messages.mass.send',
    request: async (m) => ({
      body: {
        recordKind: 'student',
        subject: 'Hello {{student.firstName}}',
        bodyHtml: '<p>Dear {{student.firstName}}</p>',
        recordId: await demoStudent(m),
      },
    }),
    expect: SENDERS(200),
  },
  {
    method: 'POST',
    path: '/api/messages/mass',
    access: 'messages.mass.send',
    request: async (m) => ({
      body: {
        recordKind: 'student',
        recipients: { type: 'students', ids: [await demoStudent(m)] },
        subject: 'Matrix notice',
        bodyHtml: '<p>Hello</p>',
        sendAt: new Date(Date.now() + 86_400_000).toISOString(),
      },
    }),
    expect: SENDERS(200),
  },
  {
    method: 'GET',
    path: '/api/messages/mass/:massSendId',
    access: 'messages.mass.send',
    request: async (m) => ({ params: { massSendId: await adminSend(m, 'scheduled') } }),
    expect: ADMINS_SEND(200),
    foreignRecord: 404,
  },
  {
    method: 'GET',
    path: '/api/messages/mass/:massSendId/recipients',
    access: 'messages.mass.send',
    request: async (m) => ({ params: { massSendId: await adminSend(m, 'scheduled') } }),
    expect: ADMINS_SEND(200),
    foreignRecord: 404,
  },
  {
    method: 'POST',
    path: '/api/messages/mass/:massSendId/cancel',
    access: 'messages.mass.send',
    request: async (m) => ({ params: { massSendId: await adminSend(m, 'scheduled') } }),
    expect: ADMINS_SEND(200),
    foreignRecord: 404,
  },
  {
    method: 'POST',
    path: '/api/messages/mass/:massSendId/resend-failed',
    access: 'messages.mass.send',
    request: async (m) => ({ params: { massSendId: await adminSend(m, 'sending', 'failed') } }),
    expect: ADMINS_SEND(200),
    foreignRecord: 404,
  },
];

import type { TExpect, TMatrixContext, TMatrixRow } from './authorization-matrix.js';

const READERS = (n: number): TExpect => ({ anonymous: 401, admin: n, officer: n, assistant: n, dept: 403, scholar: 403, student: 403 });
const SUPER_OFFICER = (n: number): TExpect => ({
  anonymous: 401,
  admin: n,
  officer: n,
  assistant: 403,
  dept: 403,
  scholar: 403,
  student: 403,
});
const EVERYONE = (n: number): TExpect => ({ anonymous: n, admin: n, officer: n, assistant: n, dept: n, scholar: n, student: n });

/** A failed message the assistant sent by hand: every reader of the log may open it. */
async function message(m: TMatrixContext): Promise<string> {
  const [row] = await m.t.sql<{ id: string }>(
    `insert into outbox (institution_id, to_address, subject, text_body, purpose, status, sent_by, smtp_response, last_error)
     values ($1, 'matrix@example.edu', 'Matrix message', 'Hello', 'matrix', 'failed', $2, '550 5.1.1 no such user', '550 5.1.1 no such user')
     returning id`,
    [m.t.institutionA, m.ids.assistant],
  );
  return row!.id;
}

/** The Sent Email log and unsubscribing (docs/product/messages.md#sent-email, docs/product/messages.md#unsubscribing). */
export const MESSAGES_SENT_MATRIX: TMatrixRow[] = [
  { method: 'GET', path: '/api/messages/sent', access: 'messages.sent.read', request: () => ({}), expect: READERS(200) },
  {
    method: 'GET',
    path: '/api/messages/sent/:messageId',
    access: 'messages.sent.read',
    foreignRecord: 404,
    request: async (m) => ({ params: { messageId: await message(m) } }),
    expect: READERS(200),
  },
  {
    // The matrix's server has no mail server: super users and officers pass the checks and are told it cannot be sent.
    method: 'POST',
    path: '/api/messages/sent/:messageId/resend',
    access: 'messages.sent.resend',
    foreignRecord: 404,
    request: async (m) => ({ params: { messageId: await message(m) } }),
    expect: SUPER_OFFICER(422),
  },
  // Without a signed link everyone is refused, signed in or not.
  { method: 'GET', path: '/api/messages/unsubscribe', access: 'public', request: () => ({ query: { t: 'x' } }), expect: EVERYONE(400) },
  {
    method: 'POST',
    path: '/api/messages/unsubscribe',
    access: 'public',
    request: () => ({ query: { t: 'x' }, body: {} }),
    expect: EVERYONE(400),
  },
];

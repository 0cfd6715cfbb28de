import type { TExpect, TMatrixRow } from './authorization-matrix.js';

/** Super users and officers set the automated e-mails (docs/product/messages.md#automated-e-mail). */
const MANAGERS = (n: number): TExpect => ({ anonymous: 401, admin: n, officer: n, assistant: 403, dept: 403, scholar: 403, student: 403 });

export const AUTOMATED_EMAILS_MATRIX: TMatrixRow[] = [
  {
    method: 'GET',
    path: '/api/messages/automated-emails',
    access: 'messages.automated.manage',
    request: () => ({}),
    expect: MANAGERS(200),
  },
  {
    method: 'PUT',
    path: '/api/messages/automated-emails/:eventKey',
    access: 'messages.automated.manage',
    request: () => ({
      params: { eventKey: 'student.programEndApproaching' },
      body: { enabled: true, visaTypes: [], templateId: null, leadDays: [60, 30] },
    }),
    expect: MANAGERS(200),
  },
];

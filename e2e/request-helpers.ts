import { expect } from 'vitest';
import { DEMO_PASSWORD, query } from './browser.js';
import { api } from './sevis-log-helpers.js';

/**
 * Requests the journeys set up through the API, as the portal would make them: the demo student's CPT
 * naming the demo advisor, and the advisor's recommendation through the link they were e-mailed
 * (docs/product/requests.md, docs/decisions/028-submitting-starts-approver-review.md).
 */

export const CPT = 'Curricular Practical Training (CPT)';

/** The demo office's today (America/Chicago) moved by `offset` days, as an ISO date. */
export function officeDay(offset: number): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Chicago' }).format(new Date());
  return new Date(Date.parse(`${today}T00:00:00Z`) + offset * 86_400_000).toISOString().slice(0, 10);
}

/** Signs in through the API: the token a journey's set-up calls use. */
export async function apiToken(userName: string, portal?: 'student'): Promise<string> {
  const r = await api<{ accessToken: string }>('POST', '/api/auth/login', null, {
    userName,
    password: DEMO_PASSWORD,
    ...(portal ? { portal } : {}),
  });
  return r.accessToken;
}

/** The demo student submits a CPT for `employer` naming the demo advisor, as the CPT form does; answers its id and number. */
export async function submitDemoCpt(employer: string): Promise<{ id: string; number: number }> {
  const student = await apiToken('student', 'student');
  const types = await api<{ id: string; code: string }[]>('GET', '/api/requests/startable-types', student);
  const [advisor] = await query<{ id: string }>(`select id from users where user_name = 'advisor' order by created_at limit 1`);
  const r = await api<{ id: string; number: number }>('POST', '/api/requests', student, {
    requestTypeId: types.find((t) => t.code === 'cpt_request')!.id,
    advisorUserId: advisor!.id,
  });
  await api('PUT', `/api/requests/${r.id}/data`, student, {
    data: {
      employer_name: employer,
      employer_job_title: 'Optics intern',
      supervisor_name: 'Dana Smith',
      supervisor_phone: '6175550100',
      cpt_address_line_1: '1 Main St',
      cpt_city: 'Boston',
      cpt_state: 'MA',
      cpt_postal_code: '02110',
      cpt_start_date: officeDay(30),
      cpt_end_date: officeDay(120),
      cpt_full_or_part_time: '02',
      cpt_hours_per_week: '20',
      cpt_employment_comment: 'ENGR 590 requires a supervised internship.',
    },
  });
  const submitted = await api<{ status: string }>('POST', `/api/requests/${r.id}/submit`, student);
  // Submitting starts the approver review: the advisor was e-mailed a link.
  expect(submitted.status).toBe('adv_review');
  return r;
}

/** The advisor recommends request `number` through the link they were e-mailed on submit. */
export async function advisorApproves(number: number): Promise<void> {
  const [mail] = await query<{ text_body: string }>(
    `select text_body from outbox where purpose = 'approval-link' and text_body like $1 order by created_at desc limit 1`,
    [`%#${number}%`],
  );
  const token = /advisor-approval\/([A-Za-z0-9_-]+)/.exec(mail?.text_body ?? '')?.[1];
  expect(token, `the advisor's link for request #${number}`).toBeTruthy();
  await api('POST', '/api/approvals/decide', null, { token, decision: 'approve', comment: 'Recommended.' });
}

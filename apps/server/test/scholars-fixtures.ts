import type { TTestApp } from './app.js';

/**
 * Scholar cases written straight into the database (as the owner), so tests and matrix rows get a
 * fresh case without walking the department's sponsorship request each time. Shared by every
 * scholars test file. A case is a scholar, a scholar_applications row and its engine requests.
 */
let n = 0;
export interface TCaseFixture {
  institutionId?: string | undefined;
  /** Department code of the demo institution: PHYS (the demo 'dept' user's), CS or MED. */
  department?: 'PHYS' | 'CS' | 'MED' | undefined;
  proposedStatus?: string | undefined;
  /** '' (not yet processed), 'H-1B', 'J-1', ... or 'Ineligible'. */
  processedState?: string | undefined;
  sponsorshipState?: string | undefined;
  applicationState?: string | undefined;
  phase?: string | undefined;
  status?: string | undefined;
  /** A demo user name (e.g. 'scholar') whose scholar record this case is on; null: no portal account. */
  user?: string | null | undefined;
  firstName?: string | undefined;
  lastName?: string | undefined;
  email?: string | undefined;
  processedEndDate?: string | null | undefined;
  data?: Record<string, unknown> | undefined;
  extra?: Record<string, unknown> | undefined;
}

async function one<T extends Record<string, unknown>>(t: TTestApp, q: string, p: unknown[]): Promise<T> {
  const [row] = await t.sql<T>(q, p);
  return row!;
}

export async function departmentId(t: TTestApp, code: 'PHYS' | 'CS' | 'MED' = 'PHYS', inst = t.institutionA): Promise<string> {
  return (await one<{ id: string }>(t, 'select id from departments where institution_id = $1 and code = $2', [inst, code])).id;
}

export async function userId(t: TTestApp, userName: string, inst = t.institutionA): Promise<string> {
  return (await one<{ id: string }>(t, 'select id from users where institution_id = $1 and user_name = $2', [inst, userName])).id;
}

async function engineRequest(
  t: TTestApp,
  inst: string,
  code: string,
  requester: string,
  subject: string | null,
  dept: string,
  status: string,
): Promise<string> {
  const type = await one<{ id: string }>(t, 'select id from request_types where institution_id = $1 and code = $2', [inst, code]);
  const { next } = await one<{ next: number }>(
    t,
    'select coalesce(max(number), 1000) + 1 + floor(random() * 1000)::int as next from requests where institution_id = $1',
    [inst],
  );
  const row = await one<{ id: string }>(
    t,
    `insert into requests (institution_id, number, request_type_id, requester_user_id, subject_user_id, department_id, status, title, submitted_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8, case when $7 = 'draft' then null else now() end) returning id`,
    [inst, next, type.id, requester, subject, dept, status, code],
  );
  return row.id;
}

/** A new case; returns the ids a test needs. */
export async function newCase(
  t: TTestApp,
  o: TCaseFixture = {},
): Promise<{
  applicationId: string;
  scholarId: string;
  scholarUserId: string | null;
  sponsorshipRequestId: string;
  applicationRequestId: string | null;
}> {
  const inst = o.institutionId ?? t.institutionA;
  n += 1;
  const dept = await departmentId(t, o.department ?? 'PHYS', inst);
  const processed = o.processedState ?? '';
  const scholarUserId = o.user ? await userId(t, o.user, inst) : null;
  const first = o.firstName ?? `Scholar${n}`;
  const last = o.lastName ?? `Case${n}`;
  const email = o.email ?? `scholar${n}.${Date.now()}@example.edu`;
  let scholarId: string;
  if (scholarUserId) {
    const existing = await t.sql<{ id: string }>('select id from scholars where user_id = $1', [scholarUserId]);
    if (existing[0]) {
      scholarId = existing[0].id;
      await t.sql('update scholars set department_id = $2, first_name = $3, last_name = $4, email = $5 where id = $1', [
        scholarId,
        dept,
        first,
        last,
        email,
      ]);
    } else {
      scholarId = (
        await one<{ id: string }>(
          t,
          'insert into scholars (institution_id, user_id, department_id, first_name, last_name, email) values ($1, $2, $3, $4, $5, $6) returning id',
          [inst, scholarUserId, dept, first, last, email],
        )
      ).id;
    }
  } else {
    scholarId = (
      await one<{ id: string }>(
        t,
        'insert into scholars (institution_id, department_id, first_name, last_name, email) values ($1, $2, $3, $4, $5) returning id',
        [inst, dept, first, last, email],
      )
    ).id;
  }
  // The requester of the engine requests: the demo department user for Physics, else the super user.
  const requester = await userId(t, (o.department ?? 'PHYS') === 'PHYS' ? 'dept' : 'admin', inst).catch(() => userId(t, 'admin', inst));
  const sponsorshipState = o.sponsorshipState ?? (processed === '' ? 'submitted' : processed === 'Ineligible' ? 'ineligible' : 'processed');
  const sponsorshipStatus = sponsorshipState === 'draft' ? 'draft' : sponsorshipState === 'submitted' ? 'submitted' : 'completed';
  const sponsorshipRequestId = await engineRequest(t, inst, 'sponsorship_request', requester, scholarUserId, dept, sponsorshipStatus);
  const programCode: Record<string, string> = {
    'H-1B': 'h1b_application',
    'H-1BExtension': 'h1b_extension_application',
    'H-1BAmendment': 'h1b_amendment_application',
    'O-1': 'o1_application',
    'O-1Amendment': 'o1_amendment_application',
    o1Extension: 'o1_extension_application',
    'J-1': 'j1_application',
    'F-1 OPT/STEM': 'f1_opt_application',
  };
  const applicationState = o.applicationState ?? 'not_started';
  const applicationRequestId = programCode[processed]
    ? await engineRequest(
        t,
        inst,
        programCode[processed],
        requester,
        scholarUserId,
        dept,
        applicationState === 'submitted' ? 'submitted' : 'draft',
      )
    : null;
  const cols: Record<string, unknown> = {
    institution_id: inst,
    scholar_id: scholarId,
    department_id: dept,
    proposed_status: o.proposedStatus ?? 'H-1B',
    proposed_start_date: '2027-01-04',
    proposed_end_date: '2029-12-31',
    position: 'Research Associate',
    hiring_authority_name: 'Prof. Ada Lovelace',
    sponsorship_state: sponsorshipState,
    processed_state: processed,
    application_state: applicationState,
    phase: o.phase ?? (processed === '' ? 'sponsorship_request' : processed === 'Ineligible' ? 'closed' : 'application'),
    status: o.status ?? (processed === 'Ineligible' ? 'ineligible' : 'pending'),
    processed_start_date: processed ? '2027-01-04' : null,
    processed_end_date: o.processedEndDate === undefined ? (processed ? '2029-12-31' : null) : o.processedEndDate,
    data: JSON.stringify(o.data ?? {}),
    sponsorship_request_id: sponsorshipRequestId,
    application_request_id: applicationRequestId,
    created_by: requester,
    ...(o.extra ?? {}),
  };
  const keys = Object.keys(cols);
  const app = await one<{ id: string }>(
    t,
    `insert into scholar_applications (${keys.join(', ')}) values (${keys.map((_, i) => `$${i + 1}`).join(', ')}) returning id`,
    keys.map((k) => cols[k]),
  );
  await t.sql('update scholars set current_application_id = $2, processed_state = $3 where id = $1', [
    scholarId,
    app.id,
    processed === 'Ineligible' ? '' : processed,
  ]);
  return { applicationId: app.id, scholarId, scholarUserId, sponsorshipRequestId, applicationRequestId };
}

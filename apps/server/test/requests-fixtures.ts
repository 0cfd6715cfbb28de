import { createHash, randomBytes } from 'node:crypto';
import type { TTestApp } from './app.js';

/**
 * Requests, tasks and approvals written straight into the database (as the owner), so tests and
 * matrix rows get a fresh record in a given state without walking the whole lifecycle each time.
 */
let n = 0;
export interface TFixtureOpts {
  institutionId?: string | undefined;
  typeCode?: string | undefined;
  requester?: string | undefined;
  status?: string | undefined;
  site?: 'MAIN' | 'MED' | null | undefined;
  advisor?: string | null | undefined;
  assignedTo?: string | null | undefined;
  departmentOfRequester?: boolean | undefined;
  submittedAt?: string | null | undefined;
  isLocked?: boolean | undefined;
}

async function userId(t: TTestApp, inst: string, userName: string): Promise<string> {
  const [u] = await t.sql<{ id: string }>('select id from users where institution_id = $1 and user_name = $2', [inst, userName]);
  if (!u) throw new Error(`no user ${userName}`);
  return u.id;
}

export async function newRequest(t: TTestApp, o: TFixtureOpts = {}): Promise<{ id: string; number: number }> {
  const inst = o.institutionId ?? t.institutionA;
  const [type] = await t.sql<{ id: string }>('select id from request_types where institution_id = $1 and code = $2', [
    inst,
    o.typeCode ?? 'program_extension',
  ]);
  const requester = await userId(t, inst, o.requester ?? 'student');
  const site =
    o.site === null
      ? null
      : (await t.sql<{ id: number }>('select id from campus_sites where institution_id = $1 and code = $2', [inst, o.site ?? 'MAIN']))[0]!
          .id;
  const [u] = await t.sql<{ department_id: string | null }>('select department_id from users where id = $1', [requester]);
  const status = o.status ?? 'draft';
  n += 1;
  const [row] = await t.sql<{ id: string; number: number }>(
    `insert into requests (institution_id, number, request_type_id, requester_user_id, subject_user_id, campus_site_id, department_id, status, advisor_user_id, assigned_to_user_id, submitted_at, is_locked)
     values ($1, (select coalesce(max(number), 5000) + 1 from requests where institution_id = $1), $2, $3, $3, $4, $5, $6, $7, $8, $9, $10) returning id, number`,
    [
      inst,
      type!.id,
      requester,
      site,
      u?.department_id ?? null,
      status,
      o.advisor ? await userId(t, inst, o.advisor) : null,
      o.assignedTo ? await userId(t, inst, o.assignedTo) : null,
      o.submittedAt !== undefined ? o.submittedAt : status === 'draft' ? null : new Date().toISOString(),
      o.isLocked ?? status === 'adv_review',
    ],
  );
  return row!;
}

export async function newTask(t: TTestApp, requestId: string): Promise<string> {
  const [row] = await t.sql<{ id: string }>(
    `insert into request_tasks (institution_id, request_id, title) select institution_id, id, 'Check documents' from requests where id = $1 returning id`,
    [requestId],
  );
  return row!.id;
}

export const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

/** A request in approver review with one pending approval (approver: a demo user) and a fresh link token. */
export async function newApproval(
  t: TTestApp,
  o: { approver?: string | undefined; expired?: boolean | undefined; institutionId?: string | undefined } = {},
): Promise<{ token: string; approvalId: string; requestId: string }> {
  const inst = o.institutionId ?? t.institutionA;
  const r = await newRequest(t, { status: 'adv_review', advisor: 'advisor', institutionId: inst });
  const approver = await userId(t, inst, o.approver ?? 'advisor');
  const [a] = await t.sql<{ id: string }>(
    `insert into approvals (institution_id, request_id, ordinal, approver_user_id, approver_name, approver_email, status)
     select $1, $2, 1, u.id, u.first_name || ' ' || u.last_name, u.email, 'pending' from users u where u.id = $3 returning id`,
    [inst, r.id, approver],
  );
  const token = randomBytes(32).toString('base64url');
  await t.sql(`insert into approval_links (institution_id, approval_id, token_hash, expires_at) values ($1, $2, $3, $4)`, [
    inst,
    a!.id,
    sha256(token),
    new Date(Date.now() + (o.expired ? -1000 : 7 * 24 * 3600 * 1000)).toISOString(),
  ]);
  return { token, approvalId: a!.id, requestId: r.id };
}

export async function typeId(t: TTestApp, code: string, inst = t.institutionA): Promise<string> {
  const [row] = await t.sql<{ id: string }>('select id from request_types where institution_id = $1 and code = $2', [inst, code]);
  return row!.id;
}

export async function newType(t: TTestApp, inst = t.institutionA): Promise<string> {
  n += 1;
  const [row] = await t.sql<{ id: string }>(
    `insert into request_types (institution_id, code, name, starters) values ($1, $2, 'Fixture type', '{student}') returning id`,
    [inst, `fixture_${process.pid}_${n}_${Date.now().toString(36)}`],
  );
  return row!.id;
}

export async function newWorkflow(t: TTestApp, inst = t.institutionA): Promise<string> {
  const [w] = await t.sql<{ id: string }>(
    `insert into workflows (institution_id, name, event_code) values ($1, 'Fixture workflow', 'FIXTURE') returning id`,
    [inst],
  );
  await t.sql(`insert into workflow_steps (institution_id, workflow_id, ordinal, approver_kind) values ($1, $2, 1, 'faculty_advisor')`, [
    inst,
    w!.id,
  ]);
  return w!.id;
}

export async function newGroup(t: TTestApp, inst = t.institutionA): Promise<string> {
  const [g] = await t.sql<{ id: string }>(`insert into user_groups (institution_id, name) values ($1, 'Fixture group') returning id`, [
    inst,
  ]);
  return g!.id;
}

export async function seededQuestionnaireType(t: TTestApp): Promise<{ typeId: string; questionnaireId: string } | null> {
  const [q] = await t
    .sql<{ id: string }>('select id from questionnaires where institution_id = $1 limit 1', [t.institutionA])
    .catch(() => []);
  if (!q) return null;
  const id = await newType(t);
  await t.sql('update request_types set questionnaire_ids = $2 where id = $1', [id, [q.id]]);
  return { typeId: id, questionnaireId: q.id };
}

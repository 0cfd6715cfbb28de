import { requestAssignmentRules } from '../src/modules/requests/schema.js';
import type { TExpect, TMatrixContext, TMatrixRow } from './authorization-matrix.js';
import { buildRequestType, only, owner } from './factories/index.js';

/**
 * Student Request Assignment (docs/product/requests.md#assignment-rules): super users and officers
 * configure the rules, move requests between people and read the workload report.
 */
const CONFIGURERS: TExpect = { anonymous: 401, admin: 200, officer: 200, assistant: 403, dept: 403, scholar: 403, student: 403 };

/** A rule of a type of its own (it never matches the other rows' requests), assigning to the super user. */
async function ruleBody(m: TMatrixContext) {
  return { requestTypeCode: (await buildRequestType(m.t)).code, assigneeUserId: m.ids.admin! };
}
async function buildRule(m: TMatrixContext): Promise<string> {
  const body = await ruleBody(m);
  const row = only(
    await owner(m.t)
      .insert(requestAssignmentRules)
      .values({ ...body, institutionId: m.t.institutionA, ordinal: 1000 })
      .returning(),
    'assignment rule',
  );
  return row.id;
}

export const REQUEST_ASSIGNMENT_MATRIX: TMatrixRow[] = [
  { method: 'GET', path: '/api/request-assignment-rules', access: 'requests.configure', request: () => ({}), expect: CONFIGURERS },
  {
    method: 'POST',
    path: '/api/request-assignment-rules',
    access: 'requests.configure',
    request: async (m) => ({ body: await ruleBody(m) }),
    expect: CONFIGURERS,
  },
  {
    method: 'PUT',
    path: '/api/request-assignment-rules/:ruleId',
    access: 'requests.configure',
    foreignRecord: 404,
    request: async (m) => ({ params: { ruleId: await buildRule(m) }, body: await ruleBody(m) }),
    expect: CONFIGURERS,
  },
  {
    method: 'DELETE',
    path: '/api/request-assignment-rules/:ruleId',
    access: 'requests.configure',
    foreignRecord: 404,
    request: async (m) => ({ params: { ruleId: await buildRule(m) } }),
    expect: CONFIGURERS,
  },
  {
    method: 'PUT',
    path: '/api/request-assignment-rules/order',
    access: 'requests.configure',
    // The whole order as it stands (each caller reads it first): a stale order is refused.
    request: async (m) => ({
      body: {
        ids: (
          await m.t.sql<{ id: string }>('select id from request_assignment_rules where institution_id = $1 order by ordinal', [
            m.t.institutionA,
          ])
        ).map((r) => r.id),
      },
    }),
    expect: CONFIGURERS,
  },
  {
    method: 'GET',
    path: '/api/request-assignment-rules/assignees',
    access: 'requests.configure',
    request: (m) => ({ query: { campusSiteId: m.sites.MAIN! } }),
    expect: CONFIGURERS,
  },
  {
    method: 'POST',
    path: '/api/requests/reassign',
    access: 'requests.configure',
    // From someone who has no open requests: nothing moves, whoever asks.
    request: async (m) => ({ body: { fromUserId: await m.newStaff(), toUserId: m.ids.admin! } }),
    expect: CONFIGURERS,
  },
  { method: 'GET', path: '/api/requests/assignment-report', access: 'requests.configure', request: () => ({}), expect: CONFIGURERS },
  {
    method: 'POST',
    path: '/api/requests/assignment-report/export',
    access: 'requests.configure',
    request: () => ({}),
    expect: CONFIGURERS,
  },
];

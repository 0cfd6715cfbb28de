import { and, eq, inArray, sql } from 'drizzle-orm';
import { can, type messagesApi, scholarPhaseLabel } from '@meridian/domain';
import type { TTx } from '../../../platform/db/database.js';
import { notFound } from '../../../platform/errors/app-error.js';
import { requireActor, type TContext } from '../../../platform/http/context.js';
import type { TMassRecipient } from '../../messages/index.js';
import { scholarApplications as a, scholars as s } from '../schema.js';
import { caseListFilter } from '../scholar.policy.js';
import { dashboardContext } from './dashboard-items.js';
import { dashboardConditions, dashboardOrder } from './queries/dashboard.query.js';

type TDashboardSource = Extract<messagesApi.TMassRecipientSource, { type: 'scholarDashboard' }>;
type TCasesSource = Extract<messagesApi.TMassRecipientSource, { type: 'scholarCases' }>;

/**
 * The department contact copied on a case's e-mail: its hiring authority, else an active user of its
 * department (the first by name).
 */
const CC = sql<string | null>`coalesce(nullif(${a.hiringAuthorityEmail}, ''), (
  select u.email from users u where u.department_id = ${a.departmentId} and u.role = 'department' and u.is_active and u.email <> ''
  order by u.last_name, u.first_name, u.id limit 1))`;

const columns = { recordId: a.id, firstName: s.firstName, lastName: s.lastName, email: s.email, ccEmail: CC };

const toRecipient = (r: {
  recordId: string;
  firstName: string;
  lastName: string;
  email: string;
  ccEmail: string | null;
}): TMassRecipient => ({
  recordId: r.recordId,
  name: `${r.firstName} ${r.lastName}`.trim(),
  email: r.email,
  ccEmail: r.ccEmail,
});

/** Scholar cases reach only staff who read the Scholar Dashboard; anyone else reaches none. */
function assertReadsScholars(ctx: TContext): void {
  if (!can(requireActor(ctx), 'scholars.read')) throw notFound();
}

/** The cases of a Scholar Dashboard tab with its filters: the dashboard's own conditions and scope, in its name order. */
export async function scholarDashboardRecipients(
  tx: TTx,
  ctx: TContext,
  source: TDashboardSource,
  limit: number,
): Promise<TMassRecipient[]> {
  assertReadsScholars(ctx);
  const actor = requireActor(ctx);
  const c = await dashboardContext(tx, ctx.today());
  const rows = await tx
    .select(columns)
    .from(a)
    .innerJoin(s, eq(s.id, a.scholarId))
    .where(dashboardConditions(actor, source.scope, c))
    .orderBy(...dashboardOrder('name', 'asc'))
    .limit(limit);
  return rows.map(toRecipient);
}

/** Hand-picked cases: each one in the actor's case scope (the dashboard's), else not found. */
export async function pickedScholarRecipients(tx: TTx, ctx: TContext, source: TCasesSource): Promise<TMassRecipient[]> {
  assertReadsScholars(ctx);
  const actor = requireActor(ctx);
  const ids = [...new Set(source.ids)];
  const rows = await tx
    .select(columns)
    .from(a)
    .innerJoin(s, eq(s.id, a.scholarId))
    .where(and(inArray(a.id, ids), caseListFilter(actor)));
  const byId = new Map(rows.map((r) => [r.recordId, r]));
  return ids.map((id) => {
    const r = byId.get(id);
    if (!r) throw notFound();
    return toRecipient(r);
  });
}

export function scholarDashboardLabel(source: TDashboardSource): string {
  const { phase, ...rest } = source.scope;
  const f = Object.entries(rest).filter(([, v]) => v !== undefined && v !== '');
  const filters = f.length ? ` (${f.map(([k, v]) => `${k}: ${String(v)}`).join(', ')})` : '';
  return `Scholar Dashboard: ${phase === 'all' ? 'All' : scholarPhaseLabel(phase)}${filters}`;
}

export const pickedScholarsLabel = (source: TCasesSource) =>
  `${source.ids.length} chosen scholar case${source.ids.length === 1 ? '' : 's'}`;

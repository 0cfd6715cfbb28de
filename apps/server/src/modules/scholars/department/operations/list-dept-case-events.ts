import { and, count, desc, eq } from 'drizzle-orm';
import { scholarsApi, textOf } from '@meridian/domain';
import { auditEvents } from '../../../../platform/audit/schema.js';
import { requireActor, type TContext } from '../../../../platform/http/context.js';
import { users } from '../../../people/index.js';
import { getAccessibleCase } from '../../scholar.policy.js';
import { departmentOf } from '../sponsorship-fields.js';

const FIELD_LABELS: Record<string, string> = {
  firstName: 'First name',
  lastName: 'Last name',
  email: 'E-mail',
  proposedStatus: 'Proposed status',
  proposedStartDate: 'Proposed start date',
  proposedEndDate: 'Proposed end date',
  position: 'Position',
  hiringAuthorityName: 'Hiring authority',
  hiringAuthorityEmail: 'Hiring authority e-mail',
  sponsorshipState: 'Sponsorship',
  userName: 'Portal user name',
  workflow: 'Approval workflow',
  reason: 'Reason',
  approverName: 'Approver',
};

const usDate = (v: unknown) =>
  typeof v === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(v) ? `${v.slice(5, 7)}/${v.slice(8, 10)}/${v.slice(0, 4)}` : v;

function show(k: string, v: unknown): string {
  if (v === null || v === undefined || v === '') return '—';
  if (k === 'sponsorshipState')
    return scholarsApi.SPONSORSHIP_STATE_LABELS[v as keyof typeof scholarsApi.SPONSORSHIP_STATE_LABELS] ?? textOf(v);
  return String(usDate(v));
}

function detailsOf(before: unknown, after: unknown): string[] {
  const b = (before ?? {}) as Record<string, unknown>;
  const a = (after ?? {}) as Record<string, unknown>;
  const out: string[] = [];
  for (const k of Object.keys(FIELD_LABELS)) {
    if (!(k in a) && !(k in b)) continue;
    if (JSON.stringify(a[k]) === JSON.stringify(b[k])) continue;
    out.push(k in b ? `${FIELD_LABELS[k]}: ${show(k, b[k])} → ${show(k, a[k])}` : `${FIELD_LABELS[k]}: ${show(k, a[k])}`);
  }
  return out;
}

/** The case's own History Log, newest first, in words (the engine request's log holds documents and comments). */
export async function listDeptCaseEvents(ctx: TContext, applicationId: string, page: number, pageSize: number) {
  departmentOf(requireActor(ctx));
  return ctx.db(async (tx) => {
    await getAccessibleCase(tx, ctx, applicationId, 'read');
    const where = and(eq(auditEvents.entityType, 'scholar_application'), eq(auditEvents.entityId, applicationId));
    const [{ total }] = (await tx.select({ total: count() }).from(auditEvents).where(where)) as [{ total: number }];
    const rows = await tx
      .select({ e: auditEvents, firstName: users.firstName, lastName: users.lastName })
      .from(auditEvents)
      .leftJoin(users, eq(users.id, auditEvents.actorUserId))
      .where(where)
      .orderBy(desc(auditEvents.at), desc(auditEvents.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize);
    const items: scholarsApi.TCaseEvent[] = rows.map(({ e, firstName, lastName }) => ({
      id: String(e.id),
      at: e.at.toISOString(),
      actorName: firstName ? `${firstName} ${lastName}` : ((e.after as { approverName?: string } | null)?.approverName ?? null),
      action: e.action,
      details: detailsOf(e.before, e.after),
    }));
    return { items, total: Number(total), page, pageSize };
  });
}

import { and, asc, eq, ilike, or } from 'drizzle-orm';
import { type requestsApi, visaScopeIncludes, type TRequestType } from '@meridian/domain';
import type { z } from 'zod';
import { writeAudit } from '../../../platform/audit/audit.js';
import type { TTx } from '../../../platform/db/database.js';
import { isUniqueViolation } from '../../../platform/db/errors.js';
import { badRequest, conflict, notFound } from '../../../platform/errors/app-error.js';
import { requireActor, type TContext } from '../../../platform/http/context.js';
import { users } from '../../people/index.js';
import { chains, requesterFactsOf } from '../extensions.js';
import { requestTypes } from '../schema.js';

type TRow = typeof requestTypes.$inferSelect;
type TInput = z.output<typeof requestsApi.ZRequestTypeInput>;
const CODE_TAKEN = 'A request type with this code already exists.';

export const presentType = (r: TRow): TRequestType => ({
  id: r.id,
  code: r.code,
  name: r.name,
  description: r.description,
  visaScope: r.visaScope as TRequestType['visaScope'],
  starters: r.starters as TRequestType['starters'],
  questionnaireIds: r.questionnaireIds,
  customQuestionIds: r.customQuestionIds,
  documentIds: r.documentIds,
  workflowId: r.workflowId,
  isEnabled: r.isEnabled,
  updatedAt: r.updatedAt.toISOString(),
});

export async function listRequestTypes(ctx: TContext, q: { q?: string | undefined; enabled: 'all' | 'enabled' | 'disabled' }) {
  return ctx.db(async (tx) => {
    const where = [];
    if (q.enabled !== 'all') where.push(eq(requestTypes.isEnabled, q.enabled === 'enabled'));
    if (q.q) {
      const like = `%${q.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      where.push(or(ilike(requestTypes.name, like), ilike(requestTypes.code, like))!);
    }
    return (
      await tx
        .select()
        .from(requestTypes)
        .where(and(...where))
        .orderBy(asc(requestTypes.name))
    ).map(presentType);
  });
}

export async function getRequestType(ctx: TContext, id: string) {
  return ctx.db(async (tx) => {
    const [row] = await tx.select().from(requestTypes).where(eq(requestTypes.id, id));
    if (!row) throw notFound();
    return presentType(row);
  });
}

async function checkWorkflow(tx: TTx, workflowId: string | null) {
  if (!workflowId) return;
  // Only the office's workflows: a department's own workflow runs its sponsorship requests only.
  if (!(await chains().isOfficeWorkflow(tx, workflowId)))
    throw badRequest('Choose an approval workflow from the list.', { workflowId: ['Choose an approval workflow from the list.'] });
}

const onCodeTaken = (e: unknown): never => {
  if (isUniqueViolation(e, 'request_types_code_uq')) throw conflict(CODE_TAKEN, { code: [CODE_TAKEN] });
  throw e;
};

export async function createRequestType(ctx: TContext, input: TInput) {
  const actor = requireActor(ctx);
  return ctx.db(async (tx) => {
    await checkWorkflow(tx, input.workflowId);
    const [row] = await tx
      .insert(requestTypes)
      .values({ institutionId: ctx.institutionId, ...input })
      .returning()
      .catch(onCodeTaken);
    await writeAudit(tx, {
      institutionId: ctx.institutionId,
      actorUserId: actor.userId,
      entityType: 'request_type',
      entityId: row!.id,
      action: 'request-type.created',
      after: presentType(row!),
      ip: ctx.ip,
    });
    return presentType(row!);
  });
}

export async function updateRequestType(ctx: TContext, id: string, input: TInput) {
  const actor = requireActor(ctx);
  return ctx.db(async (tx) => {
    const [before] = await tx.select().from(requestTypes).where(eq(requestTypes.id, id)).for('update');
    if (!before) throw notFound();
    await checkWorkflow(tx, input.workflowId);
    const [row] = await tx
      .update(requestTypes)
      .set({ ...input, updatedAt: new Date() })
      .where(eq(requestTypes.id, id))
      .returning()
      .catch(onCodeTaken);
    await writeAudit(tx, {
      institutionId: ctx.institutionId,
      actorUserId: actor.userId,
      entityType: 'request_type',
      entityId: id,
      action: 'request-type.updated',
      before: presentType(before),
      after: presentType(row!),
      ip: ctx.ip,
    });
    return presentType(row!);
  });
}

const STARTER_OF: Record<string, string> = { ISSSstudent: 'student', scholar: 'scholar', department: 'department' };

/** Enabled types the caller may start (a student: only those of their visa type). */
export async function listStartableTypes(ctx: TContext) {
  const actor = requireActor(ctx);
  return ctx.db(async (tx) => {
    const rows = await tx.select().from(requestTypes).where(eq(requestTypes.isEnabled, true)).orderBy(asc(requestTypes.name));
    // A requester with a visa type (a student) sees only the types of that visa type.
    const { visaType } = await requesterFactsOf(tx, actor);
    return rows
      .filter((r) => r.starters.includes(STARTER_OF[actor.role] ?? '-'))
      .filter((r) => visaType === undefined || visaScopeIncludes(r.visaScope, visaType ?? ''))
      .map((r) => ({
        id: r.id,
        code: r.code,
        name: r.name,
        description: r.description,
        visaScope: r.visaScope as TRequestType['visaScope'],
      }));
  });
}

/** Faculty advisors of the institution a requester may name. */
export async function listAdvisors(ctx: TContext) {
  return ctx.db(async (tx) => {
    const rows = await tx
      .select()
      .from(users)
      .where(and(eq(users.role, 'advisor'), eq(users.isActive, true)))
      .orderBy(users.lastName, users.firstName);
    return rows.map((u) => ({ userId: u.id, name: `${u.firstName} ${u.lastName}`, email: u.email }));
  });
}

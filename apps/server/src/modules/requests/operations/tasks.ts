import { and, asc, eq } from 'drizzle-orm';
import type { TRequestTask } from '@meridian/domain';
import { writeAudit } from '../../../platform/audit/audit.js';
import { notFound } from '../../../platform/errors/app-error.js';
import { requireActor, type TContext } from '../../../platform/http/context.js';
import { getAccessibleRequest } from '../request.policy.js';
import { loadUsers, personRef } from '../request.presenter.js';
import { requestTasks } from '../schema.js';

type TRow = typeof requestTasks.$inferSelect;
interface TInput {
  title: string;
  isDone: boolean;
  dueDate: string | null;
  assignedToUserId: string | null;
}

const shape = (t: TRow) => ({ title: t.title, isDone: t.isDone, dueDate: t.dueDate, assignedToUserId: t.assignedToUserId });

async function present(tx: Parameters<Parameters<TContext['db']>[0]>[0], rows: TRow[]): Promise<TRequestTask[]> {
  const people = await loadUsers(
    tx,
    rows.map((r) => r.assignedToUserId),
  );
  return rows.map((t) => ({
    id: t.id,
    title: t.title,
    isDone: t.isDone,
    dueDate: t.dueDate,
    createdAt: t.createdAt.toISOString(),
    assignedTo: personRef(t.assignedToUserId ? people.get(t.assignedToUserId) : null),
  }));
}

export async function listTasks(ctx: TContext, requestId: string) {
  return ctx.db(async (tx) => {
    await getAccessibleRequest(tx, ctx, requestId, 'process');
    return present(
      tx,
      await tx.select().from(requestTasks).where(eq(requestTasks.requestId, requestId)).orderBy(asc(requestTasks.createdAt)),
    );
  });
}

export async function createTask(ctx: TContext, requestId: string, input: TInput) {
  const actor = requireActor(ctx);
  return ctx.db(async (tx) => {
    await getAccessibleRequest(tx, ctx, requestId, 'process');
    const [row] = await tx
      .insert(requestTasks)
      .values({ institutionId: ctx.institutionId, requestId, ...input, createdBy: actor.userId })
      .returning();
    await writeAudit(tx, {
      institutionId: ctx.institutionId,
      actorUserId: actor.userId,
      entityType: 'request',
      entityId: requestId,
      action: 'request.task.created',
      after: shape(row!),
      ip: ctx.ip,
    });
    return (await present(tx, [row!]))[0]!;
  });
}

export async function updateTask(ctx: TContext, requestId: string, taskId: string, input: TInput) {
  const actor = requireActor(ctx);
  return ctx.db(async (tx) => {
    await getAccessibleRequest(tx, ctx, requestId, 'process');
    const [before] = await tx
      .select()
      .from(requestTasks)
      .where(and(eq(requestTasks.id, taskId), eq(requestTasks.requestId, requestId)));
    if (!before) throw notFound();
    const [row] = await tx
      .update(requestTasks)
      .set({ ...input, updatedAt: new Date() })
      .where(eq(requestTasks.id, taskId))
      .returning();
    await writeAudit(tx, {
      institutionId: ctx.institutionId,
      actorUserId: actor.userId,
      entityType: 'request',
      entityId: requestId,
      action: 'request.task.updated',
      before: shape(before),
      after: shape(row!),
      ip: ctx.ip,
    });
    return (await present(tx, [row!]))[0]!;
  });
}

export async function deleteTask(ctx: TContext, requestId: string, taskId: string) {
  const actor = requireActor(ctx);
  return ctx.db(async (tx) => {
    await getAccessibleRequest(tx, ctx, requestId, 'process');
    const [before] = await tx
      .delete(requestTasks)
      .where(and(eq(requestTasks.id, taskId), eq(requestTasks.requestId, requestId)))
      .returning();
    if (!before) throw notFound();
    await writeAudit(tx, {
      institutionId: ctx.institutionId,
      actorUserId: actor.userId,
      entityType: 'request',
      entityId: requestId,
      action: 'request.task.deleted',
      before: shape(before),
      ip: ctx.ip,
    });
    return { ok: true as const };
  });
}

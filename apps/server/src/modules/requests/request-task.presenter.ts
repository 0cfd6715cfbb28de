import type { TRequestTask } from '@meridian/domain';
import { type TContext } from '../../platform/http/context.js';
import { loadUsers, personRef } from './request.presenter.js';
import { type requestTasks } from './schema.js';

type TRow = typeof requestTasks.$inferSelect;

export interface TTaskFields {
  title: string;
  isDone: boolean;
  dueDate: string | null;
  assignedToUserId: string | null;
}

/** A task's fields as the History Log records them. */
export const taskAuditShape = (t: TRow) => ({ title: t.title, isDone: t.isDone, dueDate: t.dueDate, assignedToUserId: t.assignedToUserId });

/** Tasks as the API shows them, with their assignees' names. */
export async function presentTasks(tx: Parameters<Parameters<TContext['db']>[0]>[0], rows: TRow[]): Promise<TRequestTask[]> {
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

import { asc, inArray } from 'drizzle-orm';
import { type TWorkflow } from '@meridian/domain';
import type { TTx } from '../../platform/db/database.js';
import { users } from '../people/index.js';
import { userGroups, type workflows, workflowSteps } from './schema.js';

/** A person's name as lists show it. */
export const fullName = (u: { firstName: string; lastName: string }) => `${u.firstName} ${u.lastName}`;

/** Workflows with their steps and the names of their approvers. */
export async function presentWorkflows(tx: TTx, rows: (typeof workflows.$inferSelect)[]): Promise<TWorkflow[]> {
  if (rows.length === 0) return [];
  const steps = await tx
    .select()
    .from(workflowSteps)
    .where(
      inArray(
        workflowSteps.workflowId,
        rows.map((r) => r.id),
      ),
    )
    .orderBy(asc(workflowSteps.ordinal));
  const people = new Map(
    (
      await tx
        .select()
        .from(users)
        .where(inArray(users.role, ['isssAdmin', 'advisor', 'department']))
    ).map((u) => [u.id, fullName(u)]),
  );
  const groups = new Map((await tx.select().from(userGroups)).map((g) => [g.id, g.name]));
  return rows.map((w) => ({
    id: w.id,
    name: w.name,
    eventCode: w.eventCode,
    isActive: w.isActive,
    updatedAt: w.updatedAt.toISOString(),
    steps: steps
      .filter((s) => s.workflowId === w.id)
      .map((s) => ({
        id: s.id,
        ordinal: s.ordinal,
        approverKind: s.approverKind as TWorkflow['steps'][number]['approverKind'],
        approverUserId: s.approverUserId,
        approverGroupId: s.approverGroupId,
        label: s.label,
        approverName:
          s.approverKind === 'faculty_advisor'
            ? 'Faculty advisor (named on the request)'
            : s.approverKind === 'group'
              ? `Group: ${groups.get(s.approverGroupId ?? '') ?? '?'}`
              : (people.get(s.approverUserId ?? '') ?? '?'),
      })),
  }));
}

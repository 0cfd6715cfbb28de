import { eq, inArray } from 'drizzle-orm';
import { workflowsApi, type TUserGroup } from '@meridian/domain';
import type { z } from 'zod';
import type { TTx } from '../../platform/db/database.js';
import { badRequest } from '../../platform/errors/app-error.js';
import { type TContext } from '../../platform/http/context.js';
import { users } from '../people/index.js';
import { approverStanding } from './approver-rules.js';
import { userGroupMembers, type userGroups } from './schema.js';
import { fullName } from './workflow.presenter.js';

export type TGroupInput = z.output<typeof workflowsApi.ZUserGroupInput>;

/** User groups with their members' names. */
export async function presentGroups(tx: TTx, rows: (typeof userGroups.$inferSelect)[]): Promise<TUserGroup[]> {
  if (rows.length === 0) return [];
  const members = await tx
    .select({ groupId: userGroupMembers.groupId, u: users })
    .from(userGroupMembers)
    .innerJoin(users, eq(users.id, userGroupMembers.userId))
    .where(
      inArray(
        userGroupMembers.groupId,
        rows.map((r) => r.id),
      ),
    );
  return rows.map((g) => ({
    id: g.id,
    name: g.name,
    members: members.filter((m) => m.groupId === g.id).map((m) => ({ userId: m.u.id, name: fullName(m.u), email: m.u.email })),
  }));
}

const W = workflowsApi.WORKFLOW_MSG;

/**
 * Replaces a group's members. A group approves in workflow steps, so each member chosen must be someone
 * who may approve (docs/product/workflows.md#who-may-approve): an active user of the institution who is
 * office staff, a department user or a faculty advisor. A member kept from before who can no longer sign
 * in may stay (the approval chain skips them); a student or a scholar never. 400 on memberIds otherwise.
 */
export async function setGroupMembers(tx: TTx, ctx: TContext, groupId: string, memberIds: string[]) {
  const ids = [...new Set(memberIds)];
  const standing = await approverStanding(tx, ctx.institutionId, ids);
  const current = new Set(
    (await tx.select({ id: userGroupMembers.userId }).from(userGroupMembers).where(eq(userGroupMembers.groupId, groupId))).map((m) => m.id),
  );
  if (ids.some((id) => standing.get(id) === 'not-approver'))
    throw badRequest(W.membersNotApprovers, { memberIds: [W.membersNotApprovers] });
  if (ids.some((id) => standing.get(id) === undefined || (standing.get(id) === 'inactive' && !current.has(id))))
    throw badRequest(W.chooseMembers, { memberIds: [W.chooseMembers] });
  await tx.delete(userGroupMembers).where(eq(userGroupMembers.groupId, groupId));
  if (ids.length) await tx.insert(userGroupMembers).values(ids.map((userId) => ({ institutionId: ctx.institutionId, groupId, userId })));
}

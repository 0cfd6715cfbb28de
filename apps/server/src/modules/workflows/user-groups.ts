import { eq, inArray } from 'drizzle-orm';
import { type workflowsApi, type TUserGroup } from '@meridian/domain';
import type { z } from 'zod';
import type { TTx } from '../../platform/db/database.js';
import { badRequest } from '../../platform/errors/app-error.js';
import { type TContext } from '../../platform/http/context.js';
import { users } from '../people/index.js';
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

/** Replaces a group's members; every member must be a user of the institution (400 otherwise). */
export async function setGroupMembers(tx: TTx, ctx: TContext, groupId: string, memberIds: string[]) {
  const ids = [...new Set(memberIds)];
  const found = ids.length ? await tx.select({ id: users.id }).from(users).where(inArray(users.id, ids)) : [];
  if (found.length !== ids.length) throw badRequest('Choose members from the list.', { memberIds: ['Choose members from the list.'] });
  await tx.delete(userGroupMembers).where(eq(userGroupMembers.groupId, groupId));
  if (ids.length) await tx.insert(userGroupMembers).values(ids.map((userId) => ({ institutionId: ctx.institutionId, groupId, userId })));
}

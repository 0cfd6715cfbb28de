import { and, asc, eq, or } from 'drizzle-orm';
import { scholarsApi, type workflowsApi } from '@meridian/domain';
import type { z } from 'zod';
import type { TTx } from '../../platform/db/database.js';
import { badRequest, forbidden } from '../../platform/errors/app-error.js';
import { type TAuthenticatedActor } from '../../platform/http/context.js';
import { users } from '../people/index.js';
import { userGroupMembers, userGroups } from './schema.js';

export type TDeptWorkflowInput = z.output<typeof scholarsApi.ZDeptWorkflowInput>;

type TWorkflowInput = z.output<typeof workflowsApi.ZWorkflowInput>;

const M = scholarsApi.DEPT_MSG;

/** The event a department workflow serves: sponsorship requests (docs/product/workflows.md#department-workflows). */
export const SPONSORSHIP_EVENT = 'SPONSORSHIP_REQUEST';

/** The department admin's own department (403 for a department user without one). */
export function departmentOf(actor: TAuthenticatedActor): string {
  if (!actor.departmentId) throw forbidden(M.noDepartment);
  return actor.departmentId;
}

/**
 * Who a department admin may name as an approver: active users of their own department and faculty
 * advisors of the institution; a user group only when every member is one of those (no office group, no other department's).
 */
export async function candidates(tx: TTx, institutionId: string, departmentId: string) {
  const people = await tx
    .select()
    .from(users)
    .where(
      and(
        eq(users.institutionId, institutionId),
        eq(users.isActive, true),
        or(and(eq(users.role, 'department'), eq(users.departmentId, departmentId)), eq(users.role, 'advisor')),
      ),
    )
    .orderBy(users.lastName, users.firstName);
  const ids = new Set(people.map((p) => p.id));
  const members = await tx.select().from(userGroupMembers);
  const groups = (await tx.select().from(userGroups).orderBy(asc(userGroups.name)))
    .map((g) => ({ g, m: members.filter((x) => x.groupId === g.id) }))
    .filter(({ m }) => m.length > 0 && m.every((x) => ids.has(x.userId)));
  return {
    people: people.map((u) => ({ userId: u.id, name: `${u.firstName} ${u.lastName}`, email: u.email, role: u.role })),
    groups: groups.map(({ g, m }) => ({ id: g.id, name: g.name, memberCount: m.length })),
  };
}

/** A department workflow's approvers must be the department's own people, faculty advisors or groups of them (400 otherwise). */
export async function checkDepartmentSteps(tx: TTx, institutionId: string, departmentId: string, input: TDeptWorkflowInput) {
  const { people, groups } = await candidates(tx, institutionId, departmentId);
  const errors: Record<string, string[]> = {};
  for (const [i, s] of input.steps.entries()) {
    if (s.approverKind === 'faculty_advisor') errors[`steps.${i}.approverKind`] = [M.advisorStepNotAllowed];
    if (s.approverKind === 'user' && !people.some((p) => p.userId === s.approverUserId))
      errors[`steps.${i}.approverUserId`] = [M.approverNotInDepartment];
    if (s.approverKind === 'group' && !groups.some((g) => g.id === s.approverGroupId))
      errors[`steps.${i}.approverGroupId`] = [M.groupNotInDepartment];
  }
  if (Object.keys(errors).length) throw badRequest('Please check the approvers.', errors);
}

/** A department workflow is an ordinary workflow that serves sponsorship requests. */
export const asWorkflowInput = (input: TDeptWorkflowInput): TWorkflowInput => ({ ...input, eventCode: SPONSORSHIP_EVENT });

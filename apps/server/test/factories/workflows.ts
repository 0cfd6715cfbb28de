import { and, asc, eq, inArray } from 'drizzle-orm';
import { hashToken, randomToken } from '../../src/platform/auth/tokens.js';
import { users } from '../../src/modules/people/schema.js';
import type { requests } from '../../src/modules/requests/schema.js';
import { approvalLinks, approvals, userGroupMembers, userGroups, workflows, workflowSteps } from '../../src/modules/workflows/schema.js';
import type { TTestApp } from '../app.js';
import { only, owner } from './db.js';

export type TWorkflowRow = typeof workflows.$inferSelect;
export type TApprovalRow = typeof approvals.$inferSelect;
type TStep = Pick<typeof workflowSteps.$inferInsert, 'approverKind' | 'approverUserId' | 'approverGroupId' | 'label'>;

/** An approval workflow with its steps in order (by default one faculty-advisor step). */
export async function buildWorkflow(
  t: TTestApp,
  o: Partial<Omit<typeof workflows.$inferInsert, 'id'>> & { steps?: TStep[] | undefined } = {},
): Promise<TWorkflowRow & { stepIds: string[] }> {
  const { steps = [{ approverKind: 'faculty_advisor', label: 'Faculty advisor' }], ...values } = o;
  if (steps.length === 0) throw new Error('factory: a workflow the product saves has at least one step');
  if (values.departmentId && steps.some((s) => s.approverKind !== 'user'))
    throw new Error("factory: a department's workflow names its approvers one by one");
  const institutionId = values.institutionId ?? t.institutionA;
  const wf = only(
    await owner(t)
      .insert(workflows)
      .values({ name: 'Fixture workflow', eventCode: 'FIXTURE', ...values, institutionId })
      .returning(),
    'workflow',
  );
  const rows = await owner(t)
    .insert(workflowSteps)
    .values(steps.map((s, i) => ({ ...s, institutionId, workflowId: wf.id, ordinal: i + 1 })))
    .returning({ id: workflowSteps.id });
  return { ...wf, stepIds: rows.map((r) => r.id) };
}

/** A group of approvers with its members (user ids). */
export async function buildUserGroup(
  t: TTestApp,
  o: { institutionId?: string | undefined; name?: string | undefined; memberIds?: string[] | undefined } = {},
): Promise<typeof userGroups.$inferSelect> {
  const institutionId = o.institutionId ?? t.institutionA;
  const g = only(
    await owner(t)
      .insert(userGroups)
      .values({ institutionId, name: o.name ?? 'Fixture group' })
      .returning(),
    'user group',
  );
  if (o.memberIds?.length)
    await owner(t)
      .insert(userGroupMembers)
      .values(o.memberIds.map((userId) => ({ institutionId, groupId: g.id, userId })));
  return g;
}

export interface TOpenApproval {
  approval: TApprovalRow;
  /** The link token the approver was e-mailed (stored hashed, like the product's). */
  token: string;
}

/**
 * The approvals a request entering approver review gets from its workflow, as the product makes
 * them: step 1 pending with an e-mailed single-use link per approver, later steps waiting.
 */
export async function startApprovals(
  t: TTestApp,
  request: typeof requests.$inferSelect,
  workflowId: string,
  o: { linkExpiresAt?: Date | undefined } = {},
): Promise<TOpenApproval[]> {
  const db = owner(t);
  const steps = await db.select().from(workflowSteps).where(eq(workflowSteps.workflowId, workflowId)).orderBy(asc(workflowSteps.ordinal));
  if (steps.length === 0) throw new Error('factory: the workflow has no steps');
  const first = steps[0]!.ordinal;
  const open: TOpenApproval[] = [];
  for (const s of steps) {
    let approverIds: string[] = [];
    if (s.approverKind === 'user' && s.approverUserId) approverIds = [s.approverUserId];
    if (s.approverKind === 'faculty_advisor') {
      if (!request.advisorUserId)
        throw new Error('factory: approver review of a faculty-advisor step needs the request to name an advisor');
      approverIds = [request.advisorUserId];
    }
    if (s.approverKind === 'group' && s.approverGroupId)
      approverIds = (
        await db.select({ id: userGroupMembers.userId }).from(userGroupMembers).where(eq(userGroupMembers.groupId, s.approverGroupId))
      ).map((m) => m.id);
    const people = approverIds.length
      ? await db
          .select()
          .from(users)
          .where(and(inArray(users.id, approverIds), eq(users.isActive, true)))
      : [];
    if (people.length === 0) throw new Error(`factory: step ${s.ordinal} of the workflow has no active approver`);
    const rows = await db
      .insert(approvals)
      .values(
        people.map((p) => ({
          institutionId: request.institutionId,
          requestId: request.id,
          workflowStepId: s.id,
          ordinal: s.ordinal,
          approverUserId: p.id,
          approverName: `${p.firstName} ${p.lastName}`,
          approverEmail: p.email,
          status: s.ordinal === first ? 'pending' : 'waiting',
        })),
      )
      .returning();
    for (const approval of rows.filter((a) => a.status === 'pending')) {
      const token = randomToken(32);
      await db.insert(approvalLinks).values({
        institutionId: request.institutionId,
        approvalId: approval.id,
        tokenHash: hashToken(token),
        expiresAt: o.linkExpiresAt ?? new Date(Date.now() + 7 * 24 * 3600 * 1000),
      });
      open.push({ approval, token });
    }
  }
  return open;
}

/** What Approval Workflows saves on a workflow's own fields (active or not, its name). */
export async function configureWorkflow(
  t: TTestApp,
  workflowId: string,
  change: Partial<Pick<typeof workflows.$inferInsert, 'isActive' | 'name'>>,
): Promise<TWorkflowRow> {
  return only(
    await owner(t)
      .update(workflows)
      .set({ ...change, updatedAt: new Date() })
      .where(eq(workflows.id, workflowId))
      .returning(),
    `workflow ${workflowId}`,
  );
}

import { asc, eq } from 'drizzle-orm';
import { scholarsApi } from '@meridian/domain';
import type { z } from 'zod';
import { writeAudit } from '../../../platform/audit/audit.js';
import type { TTx } from '../../../platform/db/database.js';
import { badRequest } from '../../../platform/errors/app-error.js';
import { requireActor, type TContext } from '../../../platform/http/context.js';
import { departments } from '../../people/index.js';
import { workflows } from '../../workflows/index.js';
import { departmentConfigs } from '../schema.js';
import { departmentOf } from './sponsorship-cases.js';

type TInput = z.output<typeof scholarsApi.ZDeptConfigInput>;
type TContact = scholarsApi.TDeptConfig['contacts'][number];
type TSite = scholarsApi.TDeptConfig['sitesOfActivity'][number];

const contact = (x: Record<string, string | boolean>): TContact => ({
  name: String(x.name ?? ''),
  title: String(x.title ?? ''),
  email: String(x.email ?? ''),
  phone: String(x.phone ?? ''),
  isPrimary: x.isPrimary === true,
});
const site = (x: Record<string, string | boolean>): TSite => ({
  name: String(x.name ?? ''),
  address1: String(x.address1 ?? ''),
  address2: String(x.address2 ?? ''),
  city: String(x.city ?? ''),
  state: String(x.state ?? ''),
  postalCode: String(x.postalCode ?? ''),
  isPrimary: x.isPrimary === true,
});

async function present(tx: TTx, departmentId: string): Promise<scholarsApi.TDeptConfig> {
  const [dept] = await tx.select().from(departments).where(eq(departments.id, departmentId));
  const [cfg] = await tx.select().from(departmentConfigs).where(eq(departmentConfigs.departmentId, departmentId));
  const own = await tx
    .select({ id: workflows.id, name: workflows.name, isActive: workflows.isActive })
    .from(workflows)
    .where(eq(workflows.departmentId, departmentId))
    .orderBy(asc(workflows.name));
  return {
    departmentId,
    departmentName: dept?.name ?? '',
    contacts: (cfg?.contacts ?? []).map(contact),
    sitesOfActivity: (cfg?.sitesOfActivity ?? []).map(site),
    sponsorshipWorkflowId: cfg?.sponsorshipWorkflowId ?? null,
    workflows: own,
    updatedAt: cfg?.updatedAt.toISOString() ?? null,
  };
}

/** Departmental Configurations of the caller's department (defaults when never saved). */
export async function getDeptConfig(ctx: TContext): Promise<scholarsApi.TDeptConfig> {
  const departmentId = departmentOf(requireActor(ctx));
  return ctx.db((tx) => present(tx, departmentId));
}

/** Saves contacts, sites of activity and the sponsorship workflow (one of the department's own, active). */
export async function updateDeptConfig(ctx: TContext, input: TInput): Promise<scholarsApi.TDeptConfig> {
  const actor = requireActor(ctx);
  const departmentId = departmentOf(actor);
  return ctx.db(async (tx) => {
    if (input.sponsorshipWorkflowId) {
      const [w] = await tx.select().from(workflows).where(eq(workflows.id, input.sponsorshipWorkflowId));
      if (!w || w.departmentId !== departmentId)
        throw badRequest('Choose one of your department’s workflows.', {
          sponsorshipWorkflowId: ['Choose one of your department’s workflows.'],
        });
      if (!w.isActive)
        throw badRequest(scholarsApi.DEPT_MSG.workflowInactive, { sponsorshipWorkflowId: [scholarsApi.DEPT_MSG.workflowInactive] });
    }
    const before = await present(tx, departmentId);
    const values = {
      contacts: input.contacts,
      sitesOfActivity: input.sitesOfActivity,
      sponsorshipWorkflowId: input.sponsorshipWorkflowId,
      updatedBy: actor.userId,
      updatedAt: new Date(),
    };
    await tx
      .insert(departmentConfigs)
      .values({ departmentId, institutionId: ctx.institutionId, ...values })
      .onConflictDoUpdate({ target: departmentConfigs.departmentId, set: values });
    const after = await present(tx, departmentId);
    await writeAudit(tx, {
      institutionId: ctx.institutionId,
      actorUserId: actor.userId,
      entityType: 'department_config',
      entityId: departmentId,
      action: 'department-config.updated',
      before: { contacts: before.contacts, sitesOfActivity: before.sitesOfActivity, sponsorshipWorkflowId: before.sponsorshipWorkflowId },
      after: { contacts: after.contacts, sitesOfActivity: after.sitesOfActivity, sponsorshipWorkflowId: after.sponsorshipWorkflowId },
      ip: ctx.ip,
    });
    return after;
  });
}

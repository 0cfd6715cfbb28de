import { asc, eq } from 'drizzle-orm';
import { type scholarsApi } from '@meridian/domain';
import type { z } from 'zod';
import type { TTx } from '../../../platform/db/database.js';
import { departments } from '../../people/index.js';
import { workflows } from '../../workflows/index.js';
import { departmentConfigs } from '../schema.js';

export type TInput = z.output<typeof scholarsApi.ZDeptConfigInput>;

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

/** A department's configuration: contacts, sites of activity and its own approval workflows. */
export async function presentDeptConfig(tx: TTx, departmentId: string): Promise<scholarsApi.TDeptConfig> {
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

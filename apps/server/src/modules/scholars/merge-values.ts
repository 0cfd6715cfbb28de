import { eq } from 'drizzle-orm';
import { scholarPhaseLabel } from '@meridian/domain';
import type { TTx } from '../../platform/db/database.js';
import type { TContext } from '../../platform/http/context.js';
import type { TMergeRaw } from '../messages/index.js';
import { departments } from '../people/index.js';
import { getAccessibleCase } from './scholar.policy.js';

/**
 * The merge values of a scholar case (docs/product/messages.md#merge-tags), for whoever may read it
 * (404 otherwise): the scholar, the case's status, position and department, and its dates (the
 * office's processed dates once set, else the department's proposed ones).
 */
export async function scholarCaseMergeValues(tx: TTx, ctx: TContext, applicationId: string): Promise<TMergeRaw> {
  const { c, scholar } = await getAccessibleCase(tx, ctx, applicationId, 'read');
  const [dept] = await tx.select({ name: departments.name }).from(departments).where(eq(departments.id, c.departmentId));
  const fullName = [scholar.firstName, scholar.middleName, scholar.lastName].filter(Boolean).join(' ');
  return {
    'general.recipientName': [scholar.firstName, scholar.lastName].filter(Boolean).join(' '),
    'account.firstName': scholar.firstName,
    'account.lastName': scholar.lastName,
    'account.email': scholar.email,
    'scholar.firstName': scholar.firstName,
    'scholar.lastName': scholar.lastName,
    'scholar.fullName': fullName,
    'scholar.email': scholar.email,
    'scholar.visaType': c.processedState || c.proposedStatus,
    'scholar.position': c.position,
    'scholar.department': dept?.name ?? c.departmentName,
    'scholar.startDate': c.processedStartDate ?? c.proposedStartDate,
    'scholar.endDate': c.processedEndDate ?? c.proposedEndDate,
    'scholar.phase': scholarPhaseLabel(c.phase),
    'scholar.hiringAuthority': c.hiringAuthorityName,
  };
}

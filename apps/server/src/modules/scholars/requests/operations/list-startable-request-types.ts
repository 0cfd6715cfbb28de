import { asc } from 'drizzle-orm';
import type { scholarsApi } from '@meridian/domain';
import { type TContext } from '../../../../platform/http/context.js';
import { requestTypes } from '../../../requests/index.js';
import { startableOnCase } from '../startable-types.js';
import { caseForStarting } from './start-request-for-scholar.js';

/** The request types the office (or the department) may start about the case's scholar. */
export async function listStartableRequestTypes(
  ctx: TContext,
  applicationId: string,
  by: 'office' | 'department',
): Promise<scholarsApi.TScholarStartableType[]> {
  return ctx.db(async (tx) => {
    const { c } = await caseForStarting(tx, ctx, applicationId, by);
    const rows = await tx.select().from(requestTypes).orderBy(asc(requestTypes.name));
    return rows.filter(startableOnCase(by, c)).map((t) => ({ id: t.id, code: t.code, name: t.name, description: t.description }));
  });
}

import { type scholarsApi } from '@meridian/domain';
import { requireActor, type TContext } from '../../../../platform/http/context.js';
import { departmentOf } from '../sponsorship-fields.js';
import { presentDeptConfig } from '../department-config.js';

/** Departmental Configurations of the caller's department (defaults when never saved). */
export async function getDeptConfig(ctx: TContext): Promise<scholarsApi.TDeptConfig> {
  const departmentId = departmentOf(requireActor(ctx));
  return ctx.db((tx) => presentDeptConfig(tx, departmentId));
}

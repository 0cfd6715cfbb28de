import { asc } from 'drizzle-orm';
import type { TDepartment } from '@meridian/domain';
import type { TContext } from '../../../platform/http/context.js';
import { departments } from '../schema.js';

/** The institution's departments by name. */
export const listDepartments = (ctx: TContext): Promise<TDepartment[]> =>
  ctx.db((tx) =>
    tx.select({ id: departments.id, name: departments.name, code: departments.code }).from(departments).orderBy(asc(departments.name)),
  );

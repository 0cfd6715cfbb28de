import { asc } from 'drizzle-orm';
import type { TCampusSite, TDepartment } from '@meridian/domain';
import type { TContext } from '../../../platform/http/context.js';
import { campusSites, departments } from '../schema.js';

export const listCampusSites = (ctx: TContext): Promise<TCampusSite[]> =>
  ctx.db((tx) =>
    tx.select({ id: campusSites.id, name: campusSites.name, code: campusSites.code }).from(campusSites).orderBy(asc(campusSites.name)),
  );

export const listDepartments = (ctx: TContext): Promise<TDepartment[]> =>
  ctx.db((tx) =>
    tx.select({ id: departments.id, name: departments.name, code: departments.code }).from(departments).orderBy(asc(departments.name)),
  );

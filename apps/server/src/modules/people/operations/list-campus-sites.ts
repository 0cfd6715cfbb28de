import { asc } from 'drizzle-orm';
import type { TCampusSite } from '@meridian/domain';
import type { TContext } from '../../../platform/http/context.js';
import { campusSites } from '../schema.js';

/** The institution's campus sites by name, inactive ones too (existing records still name them; pickers offer only active ones). */
export const listCampusSites = (ctx: TContext): Promise<TCampusSite[]> =>
  ctx.db((tx) =>
    tx
      .select({ id: campusSites.id, name: campusSites.name, code: campusSites.code, isActive: campusSites.isActive })
      .from(campusSites)
      .orderBy(asc(campusSites.name)),
  );

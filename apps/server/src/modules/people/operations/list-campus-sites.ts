import { asc } from 'drizzle-orm';
import type { TCampusSite } from '@meridian/domain';
import type { TContext } from '../../../platform/http/context.js';
import { campusSites } from '../schema.js';

/** The institution's campus sites by name. */
export const listCampusSites = (ctx: TContext): Promise<TCampusSite[]> =>
  ctx.db((tx) =>
    tx.select({ id: campusSites.id, name: campusSites.name, code: campusSites.code }).from(campusSites).orderBy(asc(campusSites.name)),
  );

import { asc } from 'drizzle-orm';
import type { peopleApi } from '@meridian/domain';
import type { TContext } from '../../../platform/http/context.js';
import { campusSiteUses, totalUses } from '../campus-site-uses.js';
import { presentSite } from '../campus-site-rules.js';
import { campusSites } from '../schema.js';

/** The Campus Sites page: every site by name, with how many records, requests, staff and settings refer to it. */
export const listManagedCampusSites = (ctx: TContext): Promise<peopleApi.TManagedCampusSite[]> =>
  ctx.db(async (tx) => {
    const rows = await tx.select().from(campusSites).orderBy(asc(campusSites.name));
    const uses = await campusSiteUses(tx);
    return rows.map((row) => {
      const u = uses.get(row.id) ?? {};
      return { ...presentSite(row), uses: u, totalUses: totalUses(u) };
    });
  });

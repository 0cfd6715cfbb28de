import { asc, eq } from 'drizzle-orm';
import { type sevisApi } from '@meridian/domain';
import { requireActor, type TContext } from '../../../../platform/http/context.js';
import { campusSites } from '../../../people/index.js';
import { sevisSettings } from '../../schema.js';
import { configuresSite, reachesSite } from '../../settings-scope.js';
import { presentSevisSettings } from '../sevis-settings-fields.js';

/** The SEVIS settings of the sites the caller reaches, and the sites they may configure. */
export async function listSevisSettings(ctx: TContext): Promise<sevisApi.TSevisSettingsList> {
  const actor = requireActor(ctx);
  return ctx.db(async (tx) => {
    const rows = await tx
      .select({ s: sevisSettings, siteName: campusSites.name })
      .from(sevisSettings)
      .innerJoin(campusSites, eq(campusSites.id, sevisSettings.campusSiteId))
      .orderBy(asc(campusSites.name), asc(sevisSettings.programKind));
    const items = [];
    for (const r of rows) if (reachesSite(actor, r.s.campusSiteId)) items.push(await presentSevisSettings(tx, actor, r.s, r.siteName));
    const sites = (await tx.select({ id: campusSites.id, name: campusSites.name }).from(campusSites).orderBy(asc(campusSites.name))).filter(
      (s) => configuresSite(actor, s.id),
    );
    return { items, sites, canConfigure: sites.length > 0 };
  });
}

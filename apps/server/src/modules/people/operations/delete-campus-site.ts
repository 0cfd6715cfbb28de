import { eq } from 'drizzle-orm';
import { peopleApi } from '@meridian/domain';
import { writeAudit } from '../../../platform/audit/audit.js';
import { dbCodeOf } from '../../../platform/db/errors.js';
import { conflict } from '../../../platform/errors/app-error.js';
import { requireActor, type TContext } from '../../../platform/http/context.js';
import { campusSiteUses, totalUses } from '../campus-site-uses.js';
import { loadCampusSite, siteAuditShape } from '../campus-site-rules.js';
import { campusSites } from '../schema.js';

const inUse = (name: string, what: string) =>
  conflict(
    `${name} cannot be deleted, as it is in use by ${what}. Deactivate it instead: it keeps its records and is no longer offered for new ones.`,
  );

/** Deletes a campus site nothing refers to (docs/product/people.md#campus-sites); one in use is deactivated instead. */
export async function deleteCampusSite(ctx: TContext, siteId: number): Promise<{ ok: true }> {
  const actor = requireActor(ctx);
  return ctx.db(async (tx) => {
    const row = await loadCampusSite(tx, siteId);
    const uses = (await campusSiteUses(tx)).get(siteId) ?? {};
    if (totalUses(uses) > 0) throw inUse(row.name, peopleApi.describeCampusSiteUses(uses));
    await tx
      .delete(campusSites)
      .where(eq(campusSites.id, siteId))
      .catch((e: unknown) => {
        // A row that refers to the site and that no count above knows of (or one added since).
        if (dbCodeOf(e) === '23503') throw inUse(row.name, 'other records');
        throw e;
      });
    await writeAudit(tx, {
      institutionId: ctx.institutionId,
      actorUserId: actor.userId,
      entityType: 'campus_site',
      entityId: String(siteId),
      action: 'campus_site.deleted',
      before: siteAuditShape(row),
      ip: ctx.ip,
    });
    return { ok: true as const };
  });
}

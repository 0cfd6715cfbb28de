import { eq } from 'drizzle-orm';
import type { peopleApi } from '@meridian/domain';
import { writeAudit } from '../../../platform/audit/audit.js';
import { requireActor, type TContext } from '../../../platform/http/context.js';
import { assertUniqueSite, loadCampusSite, presentManagedSite, siteAuditShape, uniqueViolationOnField } from '../campus-site-rules.js';
import { campusSites } from '../schema.js';

/**
 * Renames a campus site, changes its code, or deactivates / reactivates it (docs/product/people.md#campus-sites):
 * an inactive site keeps its records and settings and is no longer offered for new ones.
 */
export async function updateCampusSite(
  ctx: TContext,
  siteId: number,
  input: peopleApi.TUpdateCampusSiteInput,
): Promise<peopleApi.TManagedCampusSite> {
  const actor = requireActor(ctx);
  return ctx.db(async (tx) => {
    const before = await loadCampusSite(tx, siteId);
    if (before.name === input.name && before.code === input.code && before.isActive === input.isActive)
      return presentManagedSite(tx, before);
    await assertUniqueSite(tx, input, siteId);
    const [after] = await tx
      .update(campusSites)
      .set({ name: input.name, code: input.code, isActive: input.isActive })
      .where(eq(campusSites.id, siteId))
      .returning()
      .catch(uniqueViolationOnField);
    const action =
      before.isActive !== input.isActive ? (input.isActive ? 'campus_site.reactivated' : 'campus_site.deactivated') : 'campus_site.updated';
    await writeAudit(tx, {
      institutionId: ctx.institutionId,
      actorUserId: actor.userId,
      entityType: 'campus_site',
      entityId: String(siteId),
      action,
      before: siteAuditShape(before),
      after: siteAuditShape(after!),
      ip: ctx.ip,
    });
    return presentManagedSite(tx, after!);
  });
}

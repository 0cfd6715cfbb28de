import type { peopleApi } from '@meridian/domain';
import { writeAudit } from '../../../platform/audit/audit.js';
import { requireActor, type TContext } from '../../../platform/http/context.js';
import { assertUniqueSite, presentManagedSite, siteAuditShape, uniqueViolationOnField } from '../campus-site-rules.js';
import { campusSites } from '../schema.js';

/** Adds a campus site (docs/product/people.md#campus-sites); its code and name are unique in the institution. */
export async function createCampusSite(ctx: TContext, input: peopleApi.TCampusSiteInput): Promise<peopleApi.TManagedCampusSite> {
  const actor = requireActor(ctx);
  return ctx.db(async (tx) => {
    await assertUniqueSite(tx, input);
    const [row] = await tx
      .insert(campusSites)
      .values({ institutionId: ctx.institutionId, name: input.name, code: input.code })
      .returning()
      .catch(uniqueViolationOnField);
    await writeAudit(tx, {
      institutionId: ctx.institutionId,
      actorUserId: actor.userId,
      entityType: 'campus_site',
      entityId: String(row!.id),
      action: 'campus_site.created',
      after: siteAuditShape(row!),
      ip: ctx.ip,
    });
    return presentManagedSite(tx, row!);
  });
}

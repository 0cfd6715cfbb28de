import { and, asc, eq, inArray } from 'drizzle-orm';
import { type sevisApi, ZStaffPermissions } from '@meridian/domain';
import { requireActor, type TContext } from '../../../../platform/http/context.js';
import { users } from '../../../people/index.js';
import { sevisSenders } from '../../schema.js';
import { fullName, managedSites, senderCandidates, senderRefusal, type TSenderKind } from '../sender-candidates.js';

/**
 * SEVIS Permissions of the campus sites the caller manages: the DSOs (F) and AROs (J) allowed to send,
 * with their SEVIS user ids, what the caller may do with each entry, and whom they may name where.
 */
export async function listSevisSenders(ctx: TContext): Promise<sevisApi.TSevisSenderList> {
  const actor = requireActor(ctx);
  return ctx.db(async (tx) => {
    const sites = await managedSites(tx, actor);
    const siteIds = sites.map((s) => s.id);
    const siteName = new Map(sites.map((s) => [s.id, s.name]));
    const rows = siteIds.length
      ? await tx
          .select({
            s: sevisSenders,
            firstName: users.firstName,
            lastName: users.lastName,
            email: users.email,
            staff: users.staffPermissions,
          })
          .from(sevisSenders)
          .innerJoin(users, eq(users.id, sevisSenders.userId))
          .where(and(eq(sevisSenders.institutionId, ctx.institutionId), inArray(sevisSenders.campusSiteId, siteIds)))
          .orderBy(asc(users.lastName), asc(users.firstName), asc(sevisSenders.kind))
      : [];
    const items = rows
      .map((r) => {
        const target = { userId: r.s.userId, isSuper: ZStaffPermissions.parse(r.staff ?? {}).isSuper, hasEntry: true };
        const change = senderRefusal(actor, target, 'save');
        const remove = senderRefusal(actor, target, 'remove');
        return {
          campusSiteId: r.s.campusSiteId,
          campusSiteName: siteName.get(r.s.campusSiteId) ?? '',
          userId: r.s.userId,
          kind: r.s.kind as TSenderKind,
          sevisUserId: r.s.sevisUserId,
          name: fullName(r),
          email: r.email,
          updatedAt: r.s.updatedAt.toISOString(),
          canChange: !change,
          canRemove: !remove,
          note: change ?? remove ?? '',
        };
      })
      .sort((a, b) => a.campusSiteName.localeCompare(b.campusSiteName));
    const candidates = (await senderCandidates(tx, ctx.institutionId, siteIds))
      .filter((c) => c.id !== actor.userId)
      .map((c) => ({ userId: c.id, name: fullName(c), email: c.email, campusSiteIds: c.campusSiteIds }));
    return { items, sites, candidates };
  });
}

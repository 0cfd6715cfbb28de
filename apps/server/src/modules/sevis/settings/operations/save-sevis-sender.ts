import { and, eq } from 'drizzle-orm';
import { sevisApi } from '@meridian/domain';
import { writeAudit } from '../../../../platform/audit/audit.js';
import { fieldError, forbidden } from '../../../../platform/errors/app-error.js';
import { requireActor, type TContext } from '../../../../platform/http/context.js';
import { campusSites } from '../../../people/index.js';
import { sevisSenders } from '../../schema.js';
import { configuresSite } from '../../settings-scope.js';
import { fullName, isSuperUser, senderCandidates, senderRefusal, type TSenderKind, type TSevisSenderFields } from '../sender-candidates.js';

const M = sevisApi.SEVIS_SENDER_MSG;

/**
 * Names a staff member DSO or ARO of a campus site (or changes their SEVIS user id there): super users and
 * officers of that site only, never for themselves, a super user's entry only as a super user; the person
 * named prepares that site's batches (docs/product/sevis-settings.md#sevis-permissions). Refusals are 403,
 * audited by the route.
 */
export async function saveSevisSender(ctx: TContext, input: TSevisSenderFields): Promise<sevisApi.TSevisSender> {
  const actor = requireActor(ctx);
  return ctx.db(async (tx) => {
    const sites = await tx.select({ id: campusSites.id, name: campusSites.name }).from(campusSites);
    const site = sites.find((s) => s.id === input.campusSiteId);
    if (!site) throw fieldError('campusSiteId', M.chooseSite);
    if (!configuresSite(actor, site.id)) throw forbidden(M.notSiteManager, 'NOT_SITE_MANAGER');
    const [before] = await tx
      .select()
      .from(sevisSenders)
      .where(and(eq(sevisSenders.campusSiteId, site.id), eq(sevisSenders.userId, input.userId), eq(sevisSenders.kind, input.kind)));
    const target = { userId: input.userId, isSuper: await isSuperUser(tx, input.userId), hasEntry: !!before };
    const refusal = senderRefusal(actor, target, 'save');
    if (refusal) throw forbidden(refusal, refusal === M.ownEntry ? 'OWN_SENDER_ENTRY' : 'SUPER_USER_ENTRY');
    const who = (
      await senderCandidates(
        tx,
        ctx.institutionId,
        sites.map((s) => s.id),
      )
    ).find((c) => c.id === input.userId);
    if (!who) throw fieldError('userId', M.notCandidate);
    if (!who.campusSiteIds.includes(site.id)) throw fieldError('userId', M.notAtSite);
    const [row] = await tx
      .insert(sevisSenders)
      .values({
        institutionId: ctx.institutionId,
        campusSiteId: site.id,
        userId: input.userId,
        kind: input.kind,
        sevisUserId: input.sevisUserId,
        updatedBy: actor.userId,
      })
      .onConflictDoUpdate({
        target: [sevisSenders.campusSiteId, sevisSenders.userId, sevisSenders.kind],
        set: { sevisUserId: input.sevisUserId, updatedBy: actor.userId, updatedAt: new Date() },
      })
      .returning();
    await writeAudit(tx, {
      institutionId: ctx.institutionId,
      actorUserId: actor.userId,
      entityType: 'user',
      entityId: input.userId,
      action: before ? 'sevis.sender-changed' : 'sevis.sender-added',
      before: before ? { campusSiteId: before.campusSiteId, kind: before.kind, sevisUserId: before.sevisUserId } : undefined,
      after: { campusSiteId: site.id, kind: input.kind, sevisUserId: input.sevisUserId },
      ip: ctx.ip,
    });
    return {
      campusSiteId: row!.campusSiteId,
      campusSiteName: site.name,
      userId: row!.userId,
      kind: row!.kind as TSenderKind,
      sevisUserId: row!.sevisUserId,
      name: fullName(who),
      email: who.email,
      updatedAt: row!.updatedAt.toISOString(),
      canChange: true,
      canRemove: true,
      note: '',
    };
  });
}

import { and, eq } from 'drizzle-orm';
import { sevisApi } from '@meridian/domain';
import { writeAudit } from '../../../../platform/audit/audit.js';
import { forbidden, notFound } from '../../../../platform/errors/app-error.js';
import { requireActor, type TContext } from '../../../../platform/http/context.js';
import { sevisSenders } from '../../schema.js';
import { configuresSite } from '../../settings-scope.js';
import { isSuperUser, senderRefusal, type TSenderKind } from '../sender-candidates.js';

const M = sevisApi.SEVIS_SENDER_MSG;

/**
 * Withdraws a DSO / ARO permission to send a campus site's batches: super users and officers of that site;
 * a super user's entry only a super user (docs/product/sevis-settings.md#sevis-permissions). Anyone may
 * give up their own. Refusals are 403, audited by the route.
 */
export async function removeSevisSender(ctx: TContext, campusSiteId: number, userId: string, kind: TSenderKind): Promise<{ ok: true }> {
  const actor = requireActor(ctx);
  return ctx.db(async (tx) => {
    const where = and(eq(sevisSenders.campusSiteId, campusSiteId), eq(sevisSenders.userId, userId), eq(sevisSenders.kind, kind));
    const [entry] = await tx.select().from(sevisSenders).where(where).for('update');
    if (!entry) throw notFound();
    if (!configuresSite(actor, entry.campusSiteId)) throw forbidden(M.notSiteManager, 'NOT_SITE_MANAGER');
    const refusal = senderRefusal(actor, { userId, isSuper: await isSuperUser(tx, userId), hasEntry: true }, 'remove');
    if (refusal) throw forbidden(refusal, 'SUPER_USER_ENTRY');
    await tx.delete(sevisSenders).where(where);
    await writeAudit(tx, {
      institutionId: ctx.institutionId,
      actorUserId: actor.userId,
      entityType: 'user',
      entityId: userId,
      action: 'sevis.sender-removed',
      before: { campusSiteId, kind, sevisUserId: entry.sevisUserId },
      ip: ctx.ip,
    });
    return { ok: true as const };
  });
}

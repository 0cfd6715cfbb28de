import { and, eq } from 'drizzle-orm';
import { writeAudit } from '../../../../platform/audit/audit.js';
import { notFound } from '../../../../platform/errors/app-error.js';
import { requireActor, type TContext } from '../../../../platform/http/context.js';
import { sevisSenders } from '../../schema.js';
import { type TSenderKind } from '../sender-candidates.js';

/** Withdraws a DSO / ARO permission to send. */
export async function removeSevisSender(ctx: TContext, userId: string, kind: TSenderKind): Promise<{ ok: true }> {
  const actor = requireActor(ctx);
  return ctx.db(async (tx) => {
    const [row] = await tx
      .delete(sevisSenders)
      .where(and(eq(sevisSenders.userId, userId), eq(sevisSenders.kind, kind)))
      .returning();
    if (!row) throw notFound();
    await writeAudit(tx, {
      institutionId: ctx.institutionId,
      actorUserId: actor.userId,
      entityType: 'user',
      entityId: userId,
      action: 'sevis.sender-removed',
      before: { kind, sevisUserId: row.sevisUserId },
      ip: ctx.ip,
    });
    return { ok: true as const };
  });
}

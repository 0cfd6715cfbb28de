import { and, eq } from 'drizzle-orm';
import { type sevisApi } from '@meridian/domain';
import { writeAudit } from '../../../../platform/audit/audit.js';
import { fieldError } from '../../../../platform/errors/app-error.js';
import { requireActor, type TContext } from '../../../../platform/http/context.js';
import { sevisSenders } from '../../schema.js';
import { senderCandidates, fullName, type TSevisSenderFields, type TSenderKind } from '../sender-candidates.js';

/** Names a staff member DSO or ARO (or changes their SEVIS user id). */
export async function saveSevisSender(ctx: TContext, input: TSevisSenderFields): Promise<sevisApi.TSevisSender> {
  const actor = requireActor(ctx);
  return ctx.db(async (tx) => {
    const who = (await senderCandidates(tx)).find((c) => c.id === input.userId);
    if (!who) throw fieldError('userId', 'Choose a staff member who prepares SEVIS batches');
    const [before] = await tx
      .select()
      .from(sevisSenders)
      .where(and(eq(sevisSenders.userId, input.userId), eq(sevisSenders.kind, input.kind)));
    const [row] = await tx
      .insert(sevisSenders)
      .values({
        institutionId: ctx.institutionId,
        userId: input.userId,
        kind: input.kind,
        sevisUserId: input.sevisUserId,
        updatedBy: actor.userId,
      })
      .onConflictDoUpdate({
        target: [sevisSenders.userId, sevisSenders.kind],
        set: { sevisUserId: input.sevisUserId, updatedBy: actor.userId, updatedAt: new Date() },
      })
      .returning();
    await writeAudit(tx, {
      institutionId: ctx.institutionId,
      actorUserId: actor.userId,
      entityType: 'user',
      entityId: input.userId,
      action: before ? 'sevis.sender-changed' : 'sevis.sender-added',
      before: before ? { kind: before.kind, sevisUserId: before.sevisUserId } : undefined,
      after: { kind: input.kind, sevisUserId: input.sevisUserId },
      ip: ctx.ip,
    });
    return {
      userId: row!.userId,
      kind: row!.kind as TSenderKind,
      sevisUserId: row!.sevisUserId,
      name: fullName(who),
      email: who.email,
      updatedAt: row!.updatedAt.toISOString(),
    };
  });
}

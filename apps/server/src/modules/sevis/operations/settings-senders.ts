import { and, asc, eq } from 'drizzle-orm';
import { preparesSevisBatches, ZStaffPermissions, type sevisApi } from '@meridian/domain';
import type { z } from 'zod';
import { writeAudit } from '../../../platform/audit/audit.js';
import type { TTx } from '../../../platform/db/database.js';
import { fieldError, notFound } from '../../../platform/errors/app-error.js';
import { requireActor, type TContext } from '../../../platform/http/context.js';
import { users } from '../../people/index.js';
import { sevisSenders } from '../schema.js';

type TInput = z.output<typeof sevisApi.ZSevisSenderInput>;
type TKind = sevisApi.TSevisSenderKind;

const nameOf = (u: { firstName: string; lastName: string }) => `${u.firstName} ${u.lastName}`.trim();

/** Active staff who could prepare batches: super users, officers, assistants with the sevisBatch flag. */
async function candidates(tx: TTx) {
  const rows = await tx
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email, staff: users.staffPermissions })
    .from(users)
    .where(and(eq(users.role, 'isssAdmin'), eq(users.isActive, true)))
    .orderBy(asc(users.lastName), asc(users.firstName));
  return rows.filter((r) => preparesSevisBatches(ZStaffPermissions.parse(r.staff ?? {})));
}

/** SEVIS Permissions: the DSOs (F) and AROs (J) allowed to send, with their SEVIS user ids. */
export async function listSevisSenders(ctx: TContext): Promise<sevisApi.TSevisSenderList> {
  return ctx.db(async (tx) => {
    const rows = await tx
      .select({ s: sevisSenders, firstName: users.firstName, lastName: users.lastName, email: users.email })
      .from(sevisSenders)
      .innerJoin(users, eq(users.id, sevisSenders.userId))
      .orderBy(asc(users.lastName), asc(users.firstName), asc(sevisSenders.kind));
    return {
      items: rows.map((r) => ({
        userId: r.s.userId,
        kind: r.s.kind as TKind,
        sevisUserId: r.s.sevisUserId,
        name: nameOf(r),
        email: r.email,
        updatedAt: r.s.updatedAt.toISOString(),
      })),
      candidates: (await candidates(tx)).map((c) => ({ userId: c.id, name: nameOf(c), email: c.email })),
    };
  });
}

/** Names a staff member DSO or ARO (or changes their SEVIS user id). */
export async function saveSevisSender(ctx: TContext, input: TInput): Promise<sevisApi.TSevisSender> {
  const actor = requireActor(ctx);
  return ctx.db(async (tx) => {
    const who = (await candidates(tx)).find((c) => c.id === input.userId);
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
      kind: row!.kind as TKind,
      sevisUserId: row!.sevisUserId,
      name: nameOf(who),
      email: who.email,
      updatedAt: row!.updatedAt.toISOString(),
    };
  });
}

/** Withdraws a DSO / ARO permission to send. */
export async function removeSevisSender(ctx: TContext, userId: string, kind: TKind): Promise<{ ok: true }> {
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

/** The caller's SEVIS user id as a sender of this program kind (F: DSO, J: ARO), or null. */
export async function senderUserId(tx: TTx, userId: string, programKind: string): Promise<string | null> {
  const [row] = await tx
    .select({ id: sevisSenders.sevisUserId })
    .from(sevisSenders)
    .where(and(eq(sevisSenders.userId, userId), eq(sevisSenders.kind, programKind === 'F' ? 'DSO' : 'ARO')));
  return row?.id ?? null;
}

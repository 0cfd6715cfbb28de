import { asc, eq } from 'drizzle-orm';
import { type sevisApi } from '@meridian/domain';
import { type TContext } from '../../../../platform/http/context.js';
import { users } from '../../../people/index.js';
import { sevisSenders } from '../../schema.js';
import { senderCandidates, fullName, type TSenderKind } from '../sender-candidates.js';

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
        kind: r.s.kind as TSenderKind,
        sevisUserId: r.s.sevisUserId,
        name: fullName(r),
        email: r.email,
        updatedAt: r.s.updatedAt.toISOString(),
      })),
      candidates: (await senderCandidates(tx)).map((c) => ({ userId: c.id, name: fullName(c), email: c.email })),
    };
  });
}

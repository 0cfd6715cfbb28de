import { asc, eq } from 'drizzle-orm';
import { visaScopeIncludes, type TRequestType } from '@meridian/domain';
import { requireActor, type TContext } from '../../../platform/http/context.js';
import { isOfficeOnlyType, requesterFactsOf } from '../extensions.js';
import { requestTypes } from '../schema.js';

const STARTER_OF: Record<string, string> = { ISSSstudent: 'student', scholar: 'scholar', department: 'department' };

/** Enabled types the caller may start (a student: only those of their visa type; never a type only the office starts from a record). */
export async function listStartableTypes(ctx: TContext) {
  const actor = requireActor(ctx);
  return ctx.db(async (tx) => {
    const rows = await tx.select().from(requestTypes).where(eq(requestTypes.isEnabled, true)).orderBy(asc(requestTypes.name));
    // A requester with a visa type (a student) sees only the types of that visa type.
    const { visaType } = await requesterFactsOf(tx, actor);
    return rows
      .filter((r) => r.starters.includes(STARTER_OF[actor.role] ?? '-') && !isOfficeOnlyType(r.code))
      .filter((r) => visaType === undefined || visaScopeIncludes(r.visaScope, visaType ?? ''))
      .map((r) => ({
        id: r.id,
        code: r.code,
        name: r.name,
        description: r.description,
        visaScope: r.visaScope as TRequestType['visaScope'],
      }));
  });
}

import { textOf } from '@meridian/domain';
import { eq } from 'drizzle-orm';
import type { TCurrentUser, TRole } from '@meridian/domain';
import { readInstitution } from '../../../platform/tenancy/institutions.js';
import { departments, users } from '../../people/index.js';
import { requireActor, type TContext } from '../../../platform/http/context.js';
import { accountFacts } from '../account-facts.js';

/** Who is signed in, with what post-login routing and menus need. */
export async function getCurrentUser(ctx: TContext): Promise<TCurrentUser> {
  const actor = requireActor(ctx);
  return ctx.db(async (tx) => {
    const [user] = await tx.select().from(users).where(eq(users.id, actor.userId));
    const inst = await readInstitution(tx, ctx.institutionId);
    const facts = await accountFacts(tx, user!);
    const deptId = facts.departmentId ?? user!.departmentId;
    const [dept] = deptId
      ? await tx.select({ id: departments.id, name: departments.name }).from(departments).where(eq(departments.id, deptId))
      : [];
    return {
      userId: user!.id,
      userName: user!.userName,
      firstName: user!.firstName,
      lastName: user!.lastName,
      email: user!.email,
      userRole: user!.role as TRole,
      accountName: textOf(inst?.settings?.accountName ?? inst?.name),
      staff: actor.staff,
      isDepartmentAdmin: user!.isDepartmentAdmin,
      department: dept ?? null,
      profileId: facts.profileId ?? null,
      currentStage: facts.currentStage ?? null,
      scholarId: facts.scholarId ?? null,
      scholarApplicationId: facts.scholarApplicationId ?? null,
      processedState: user!.role === 'scholar' ? (facts.processedState ?? '') : null,
    };
  });
}

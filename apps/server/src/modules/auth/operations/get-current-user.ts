import { eq } from 'drizzle-orm';
import type { TCurrentUser, TProcessedState, TRole, TStudentStage } from '@meridian/domain';
import { institutions } from '../../institutions/schema.js';
import { departments, scholars, studentProfiles, users } from '../../people/schema.js';
import { requireActor, type TContext } from '../../../platform/http/context.js';

/** Who is signed in, with what post-login routing and menus need. */
export async function getCurrentUser(ctx: TContext): Promise<TCurrentUser> {
  const actor = requireActor(ctx);
  return ctx.db(async (tx) => {
    const [user] = await tx.select().from(users).where(eq(users.id, actor.userId));
    const [inst] = await tx.select({ name: institutions.name, settings: institutions.settings }).from(institutions);
    const [profile] = await tx.select().from(studentProfiles).where(eq(studentProfiles.userId, actor.userId));
    const [scholar] = await tx.select().from(scholars).where(eq(scholars.userId, actor.userId));
    const deptId = scholar?.departmentId ?? user!.departmentId;
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
      accountName: String(inst?.settings?.accountName ?? inst?.name ?? ''),
      staff: actor.staff,
      isDepartmentAdmin: user!.isDepartmentAdmin,
      department: dept ?? null,
      profileId: profile?.id ?? null,
      currentStage: (profile?.currentStage as TStudentStage | undefined) ?? null,
      scholarId: scholar?.id ?? null,
      scholarApplicationId: scholar?.currentApplicationId ?? null,
      processedState: user!.role === 'scholar' ? ((scholar?.processedState ?? '') as TProcessedState) : null,
    };
  });
}

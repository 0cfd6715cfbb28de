import { and, eq, isNull, sql } from 'drizzle-orm';
import { authApi, ZStaffPermissions, type TRole } from '@meridian/domain';
import type { TAccessClaims } from '../../platform/auth/tokens.js';
import type { TDatabase } from '../../platform/db/database.js';
import type { TAuthenticatedActor } from '../../platform/http/context.js';
import { users } from '../people/index.js';
import { sessions, twoStepPolicies, userMfa, webauthnCredentials } from './schema.js';

/**
 * The actor behind a verified access token: its session must still be open and its account active,
 * so signing out, a password change or deactivation takes effect on the next call. It carries the
 * session's two-step sign-in (docs/product/two-step-sign-in.md#required-for-office-staff), read in the
 * same query.
 */
export function sessionLookup(database: TDatabase) {
  return (claims: TAccessClaims, institutionId: string): Promise<TAuthenticatedActor | null> =>
    database.tenant(institutionId, async (tx) => {
      const [row] = await tx
        .select({
          user: users,
          sessionId: sessions.id,
          secondStepAt: sessions.secondStepAt,
          hasSecondStep: sql<boolean>`(exists (select 1 from ${userMfa} where ${userMfa.userId} = ${users.id} and ${userMfa.enabledAt} is not null)
            or exists (select 1 from ${webauthnCredentials} where ${webauthnCredentials.userId} = ${users.id}))`,
          staffRequired: sql<boolean>`coalesce((select ${twoStepPolicies.staffRequired} from ${twoStepPolicies} where ${twoStepPolicies.institutionId} = ${sessions.institutionId}), false)`,
        })
        .from(sessions)
        .innerJoin(users, eq(users.id, sessions.userId))
        .where(and(eq(sessions.id, claims.sid), eq(sessions.userId, claims.sub), isNull(sessions.revokedAt)));
      if (!row || !row.user.isActive) return null;
      const staff = row.user.role === 'isssAdmin' ? ZStaffPermissions.parse(row.user.staffPermissions ?? {}) : null;
      return {
        userId: row.user.id,
        sessionId: row.sessionId,
        role: row.user.role as TRole,
        staff,
        isDepartmentAdmin: row.user.isDepartmentAdmin,
        departmentId: row.user.departmentId,
        secondStep: {
          at: row.secondStepAt,
          has: row.hasSecondStep,
          required: row.staffRequired && authApi.OFFICE_STAFF_ROLES.includes(row.user.role),
        },
      };
    });
}

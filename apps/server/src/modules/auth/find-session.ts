import { and, eq, isNull } from 'drizzle-orm';
import { ZStaffPermissions, type TRole } from '@meridian/domain';
import type { TAccessClaims } from '../../platform/auth/tokens.js';
import type { TDatabase } from '../../platform/db/database.js';
import type { TAuthenticatedActor } from '../../platform/http/context.js';
import { users } from '../people/index.js';
import { sessions } from './schema.js';

/**
 * The actor behind a verified access token: its session must still be open and its account active,
 * so signing out, a password change or deactivation takes effect on the next call.
 */
export function sessionLookup(database: TDatabase) {
  return (claims: TAccessClaims, institutionId: string): Promise<TAuthenticatedActor | null> =>
    database.tenant(institutionId, async (tx) => {
      const [row] = await tx
        .select({ user: users, sessionId: sessions.id })
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
      };
    });
}

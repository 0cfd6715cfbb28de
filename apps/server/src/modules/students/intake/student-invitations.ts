import { and, count, eq, isNull } from 'drizzle-orm';
import type { studentsApi } from '@meridian/domain';
import { writeAudit } from '../../../platform/audit/audit.js';
import type { TTx } from '../../../platform/db/database.js';
import { isUniqueViolation } from '../../../platform/db/errors.js';
import { AppError, badRequest, conflict } from '../../../platform/errors/app-error.js';
import { requireActor, type TContext } from '../../../platform/http/context.js';
import { latestInviteSentAt, sendPasswordLink } from '../../auth/index.js';
import { users } from '../../people/index.js';
import { studentStageProgress, studentProfiles } from '../schema.js';
import { type TProfileRow } from '../student.policy.js';
import { createPortalAccount } from '../../people/index.js';

export type TInviteResult = studentsApi.TInviteResult;

export const INVITE_MSG = {
  noEmail: 'Add an e-mail address to this student record before inviting the student: it becomes the user name.',
  emailTaken: 'This e-mail address already belongs to another portal account.',
  alreadyActive:
    'This student has already set a portal password; no invitation is needed (they can use "Forgot password" on the student login page).',
  accountInactive: 'This student’s portal account is deactivated; reactivate it before sending an invitation.',
} as const;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Whether the student has started the portal stages (then the stage is theirs to keep). */
async function hasStarted(tx: TTx, profile: TProfileRow): Promise<boolean> {
  if (profile.currentStage !== 'invited' && profile.currentStage !== 'pre_arrival') return true;
  const [row] = await tx.select({ n: count() }).from(studentStageProgress).where(eq(studentStageProgress.profileId, profile.id));
  return (row?.n ?? 0) > 0;
}

/**
 * Invites one student (already loaded and checked) in the caller's transaction: creates the
 * ISSSstudent account (user name = the record's e-mail), links it, opens portal access, and e-mails
 * a set-up link to #/login/student/pass-reset/:key. Sends the link again while the student has
 * never signed in.
 */
export async function inviteLoaded(tx: TTx, ctx: TContext, profile: TProfileRow): Promise<TInviteResult> {
  const actor = requireActor(ctx);
  const email = profile.email.trim();
  if (!email) throw badRequest(INVITE_MSG.noEmail, { email: [INVITE_MSG.noEmail] });
  if (!EMAIL.test(email)) throw badRequest('Enter a valid e-mail address', { email: ['Enter a valid e-mail address'] });
  const before = { userId: profile.userId, portalAccess: profile.portalAccess, currentStage: profile.currentStage };
  let user: typeof users.$inferSelect;
  let outcome: TInviteResult['outcome'];
  if (profile.userId) {
    const [existing] = await tx.select().from(users).where(eq(users.id, profile.userId));
    if (!existing) throw new AppError(500, 'INTERNAL', 'The portal account of this record is missing.');
    if (existing.passwordHash !== null || existing.lastLoginAt !== null) throw conflict(INVITE_MSG.alreadyActive);
    if (!existing.isActive) throw conflict(INVITE_MSG.accountInactive);
    user = existing;
    outcome = 'resent';
  } else {
    user = await createPortalAccount(
      tx,
      ctx.institutionId,
      { email, firstName: profile.firstName, lastName: profile.lastName, role: 'ISSSstudent', campusSiteId: profile.campusSiteId },
      INVITE_MSG.emailTaken,
    );
    outcome = 'invited';
  }
  const stage = (await hasStarted(tx, profile)) ? profile.currentStage : 'invited';
  // Only link when still unlinked, so two invitations at the same moment cannot both link an account.
  const linked = await tx
    .update(studentProfiles)
    .set({ userId: user.id, portalAccess: 1, currentStage: stage, updatedAt: new Date() })
    .where(
      and(eq(studentProfiles.id, profile.id), profile.userId ? eq(studentProfiles.userId, profile.userId) : isNull(studentProfiles.userId)),
    )
    .returning({ id: studentProfiles.id })
    .catch((e: unknown) => {
      if (isUniqueViolation(e)) throw conflict(INVITE_MSG.emailTaken, { email: [INVITE_MSG.emailTaken] });
      throw e;
    });
  if (!linked.length) throw conflict('This student was invited by someone else a moment ago. Reload the page.');
  await sendPasswordLink(tx, ctx, user, 'invite');
  await writeAudit(tx, {
    institutionId: ctx.institutionId,
    actorUserId: actor.userId,
    entityType: 'student_profile',
    entityId: profile.id,
    action: outcome === 'invited' ? 'student.invited' : 'student.invitation.resent',
    before,
    after: { userId: user.id, userName: user.userName, portalAccess: 1, currentStage: stage },
    ip: ctx.ip,
  });
  const invitedAt = await latestInviteSentAt(tx, user.id);
  return {
    profileId: profile.id,
    userId: user.id,
    userName: user.userName,
    email: user.email,
    outcome,
    invitedAt: (invitedAt ?? new Date()).toISOString(),
  };
}

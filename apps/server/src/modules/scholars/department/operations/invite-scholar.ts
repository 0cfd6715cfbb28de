import { and, eq, isNull } from 'drizzle-orm';
import { scholarsApi } from '@meridian/domain';
import { writeAudit } from '../../../../platform/audit/audit.js';
import { AppError, conflict } from '../../../../platform/errors/app-error.js';
import { requireActor, type TContext } from '../../../../platform/http/context.js';
import { sendPasswordLink } from '../../../auth/index.js';
import { users } from '../../../people/index.js';
import { setRequestSubject } from '../../../requests/index.js';
import { getAccessibleCase } from '../../scholar.policy.js';
import { scholarApplications, scholars } from '../../schema.js';
import { departmentOf } from '../sponsorship-fields.js';
import { presentDeptCase } from '../dept-case.presenter.js';
import { createPortalAccount } from '../../../people/index.js';

const M = scholarsApi.DEPT_MSG;

/**
 * Invites the scholar of a case to the portal: creates their account (role scholar, user name = e-mail,
 * no password), links it to the scholar and the case's engine requests, and e-mails a set-up link to
 * #/login/pass-reset/:key. Again while they have not set a password: a new link (the old one stops working).
 */
export async function inviteScholar(ctx: TContext, applicationId: string): Promise<scholarsApi.TDeptCase> {
  const actor = requireActor(ctx);
  departmentOf(actor);
  return ctx.db(async (tx) => {
    const { c, scholar } = await getAccessibleCase(tx, ctx, applicationId, 'read');
    if (c.sponsorshipState === 'ineligible')
      throw new AppError(409, 'NOT_INVITABLE', 'The office found this scholar ineligible; there is nothing to invite them to.');
    const email = scholar.email.trim();
    let user: typeof users.$inferSelect;
    let outcome: 'invited' | 'resent';
    if (scholar.userId) {
      const [existing] = await tx.select().from(users).where(eq(users.id, scholar.userId));
      if (!existing) throw new AppError(500, 'INTERNAL', 'The portal account of this scholar is missing.');
      if (existing.passwordHash !== null || existing.lastLoginAt !== null) throw conflict(M.alreadySetUp);
      user = existing;
      outcome = 'resent';
    } else {
      user = await createPortalAccount(
        tx,
        ctx.institutionId,
        { email, firstName: scholar.firstName, lastName: scholar.lastName, role: 'scholar', departmentId: c.departmentId },
        M.emailTakenByUser,
      );
      outcome = 'invited';
      // Link only while still unlinked: two invitations at the same moment cannot both link an account.
      const linked = await tx
        .update(scholars)
        .set({ userId: user.id, updatedAt: new Date() })
        .where(and(eq(scholars.id, scholar.id), isNull(scholars.userId)))
        .returning({ id: scholars.id });
      if (!linked.length) throw conflict('This scholar was invited by someone else a moment ago. Reload the page.');
      // The scholar becomes the subject of every engine request of their cases (documents, comments, history).
      const cases = await tx
        .select({ a: scholarApplications.sponsorshipRequestId, b: scholarApplications.applicationRequestId })
        .from(scholarApplications)
        .where(eq(scholarApplications.scholarId, scholar.id));
      const ids = cases.flatMap((x) => [x.a, x.b]).filter((x): x is string => !!x);
      await setRequestSubject(tx, ids, user.id);
    }
    await sendPasswordLink(tx, ctx, user, 'invite');
    await writeAudit(tx, {
      institutionId: ctx.institutionId,
      actorUserId: actor.userId,
      entityType: 'scholar_application',
      entityId: c.id,
      action: outcome === 'invited' ? 'scholar.invited' : 'scholar.invitation.resent',
      after: { userName: user.userName },
      ip: ctx.ip,
    });
    const [fresh] = await tx.select().from(scholars).where(eq(scholars.id, scholar.id));
    return presentDeptCase(tx, c, fresh!);
  });
}

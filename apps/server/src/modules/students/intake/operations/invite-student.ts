import { type TContext } from '../../../../platform/http/context.js';
import { getAccessibleProfile } from '../../student.policy.js';
import { inviteLoaded, type TInviteResult } from '../student-invitations.js';

/** Invites one student to the portal (students.manage, and the record's campus site for editing). */
export async function inviteStudent(ctx: TContext, profileId: string): Promise<TInviteResult> {
  return ctx.db(async (tx) => {
    const profile = await getAccessibleProfile(tx, ctx, profileId, 'edit');
    return inviteLoaded(tx, ctx, profile);
  });
}

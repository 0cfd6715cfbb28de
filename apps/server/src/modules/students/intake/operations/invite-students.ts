import type { studentsApi } from '@meridian/domain';
import { AppError } from '../../../../platform/errors/app-error.js';
import { type TContext } from '../../../../platform/http/context.js';
import { inviteStudent } from './invite-student.js';

type TBulkInviteOutput = studentsApi.TBulkInviteOutput;

/**
 * Invites several students, each in its own transaction so one refusal does not undo the others;
 * answers one line per record (records the actor may not reach read as not found).
 */
export async function inviteStudents(ctx: TContext, profileIds: string[]): Promise<TBulkInviteOutput> {
  const results: TBulkInviteOutput['results'] = [];
  for (const profileId of [...new Set(profileIds)]) {
    try {
      const r = await inviteStudent(ctx, profileId);
      results.push({
        profileId,
        ok: true,
        outcome: r.outcome,
        message: r.outcome === 'invited' ? `Invitation sent to ${r.email}` : `Invitation sent again to ${r.email}`,
      });
    } catch (e) {
      if (!(e instanceof AppError) || e.statusCode >= 500) throw e;
      const field = e.fieldErrors ? Object.values(e.fieldErrors)[0]?.[0] : undefined;
      results.push({ profileId, ok: false, message: field ?? e.message });
    }
  }
  return {
    results,
    invited: results.filter((r) => r.outcome === 'invited').length,
    resent: results.filter((r) => r.outcome === 'resent').length,
    failed: results.filter((r) => !r.ok).length,
  };
}

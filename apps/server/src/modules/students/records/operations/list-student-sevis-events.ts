import { type TContext } from '../../../../platform/http/context.js';
import { getAccessibleProfile } from '../../student.policy.js';
import { listProfileEvents } from './list-profile-events.js';

/** SEVIS updates of a record, newest first. */
export async function listStudentSevisEvents(ctx: TContext, profileId: string) {
  return ctx.db(async (tx) => {
    await getAccessibleProfile(tx, ctx, profileId, 'read');
    const rows = await listProfileEvents(tx, profileId);
    return rows.map((e) => ({
      id: e.id,
      eventType: e.eventType,
      action: e.action,
      status: e.status as 'pending',
      message: e.message,
      resultCode: e.resultCode,
      payload: e.payload ?? {},
      dependentId: e.dependentId,
      requestId: e.requestId,
      createdAt: e.createdAt.toISOString(),
      updatedAt: e.updatedAt.toISOString(),
    }));
  });
}

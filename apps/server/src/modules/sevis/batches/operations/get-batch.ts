import { asc, eq } from 'drizzle-orm';
import { type sevisApi } from '@meridian/domain';
import { notFound } from '../../../../platform/errors/app-error.js';
import { requireActor, type TContext } from '../../../../platform/http/context.js';
import { sevisPendingEvents, studentProfiles } from '../../../students/index.js';
import { batchRow, presentBatch } from '../queries/batch-list.query.js';
import { sevisBatchRecords } from '../../schema.js';
import { senderScopes } from '../batch-senders.js';

/** One batch with its records; a batch of a site the actor does not batch answers 404. */
export async function getBatch(ctx: TContext, batchRowId: string): Promise<sevisApi.TSevisBatchDetail> {
  const actor = requireActor(ctx);
  return ctx.db(async (tx) => {
    const row = await batchRow(tx, actor, batchRowId);
    if (!row) throw notFound();
    const records = await tx
      .select({
        r: sevisBatchRecords,
        firstName: studentProfiles.firstName,
        lastName: studentProfiles.lastName,
        sevisId: studentProfiles.sevisId,
        eventType: sevisPendingEvents.eventType,
        action: sevisPendingEvents.action,
      })
      .from(sevisBatchRecords)
      .innerJoin(studentProfiles, eq(studentProfiles.id, sevisBatchRecords.profileId))
      .innerJoin(sevisPendingEvents, eq(sevisPendingEvents.id, sevisBatchRecords.eventId))
      .where(eq(sevisBatchRecords.batchRowId, batchRowId))
      .orderBy(asc(studentProfiles.lastName), asc(studentProfiles.firstName), asc(sevisBatchRecords.id));
    return {
      ...presentBatch(row, await senderScopes(tx, actor.userId)),
      records: records.map((x) => ({
        id: x.r.id,
        eventId: x.r.eventId,
        profileId: x.r.profileId,
        firstName: x.firstName,
        lastName: x.lastName,
        sevisId: x.sevisId,
        eventType: x.eventType,
        action: x.action,
        recordKind: x.r.recordKind as 'create' | 'update',
        sevisRequestId: x.r.sevisRequestId,
        status: x.r.status,
        resultCode: x.r.resultCode,
        resultMessage: x.r.resultMessage,
      })),
    };
  });
}

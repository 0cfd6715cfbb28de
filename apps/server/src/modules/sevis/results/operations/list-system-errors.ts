import { and, asc, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { sevisApi } from '@meridian/domain';
import type { z } from 'zod';
import type { TTx } from '../../../../platform/db/database.js';
import { requireActor, type TAuthenticatedActor, type TContext } from '../../../../platform/http/context.js';
import { sevisPendingEvents, siteFilter, studentProfiles } from '../../../students/index.js';
import { sevisBatches, sevisBatchRecords } from '../../schema.js';

/**
 * System Errors: SEVIS updates that SEVIS refused (failed, with its code and message) or that our
 * schema check held back, on the student records the caller reaches (the same site scope as the
 * student list), newest first; with the batch that carried each.
 */
export async function listSystemErrors(
  ctx: TContext,
  q: z.output<typeof sevisApi.ZSystemErrorsQuery>,
): Promise<{ items: sevisApi.TSystemError[]; total: number; page: number; pageSize: number }> {
  const actor = requireActor(ctx);
  return ctx.db(async (tx) => {
    const conds: SQL[] = [inArray(sevisPendingEvents.status, q.status ? [q.status] : ['failed', 'held']), siteFilter(actor)];
    if (q.code) conds.push(eq(sevisPendingEvents.resultCode, q.code.toUpperCase()));
    if (q.q) {
      const like = `%${q.q.replace(/[%_\\]/g, (c) => `\\${c}`)}%`;
      conds.push(
        or(
          ilike(studentProfiles.firstName, like),
          ilike(studentProfiles.lastName, like),
          ilike(studentProfiles.sevisId, like),
          ilike(sevisPendingEvents.message, like),
          ilike(sevisBatches.batchId, like),
        )!,
      );
    }
    const where = and(...conds);
    // The batch record of the latest batch that carried the event (an event may be resent).
    const lastRecord = sql`(select r.id from ${sevisBatchRecords} r where r.event_id = ${sevisPendingEvents.id} order by r.created_at desc limit 1)`;
    const base = tx
      .select({ n: sql<number>`count(*)::int` })
      .from(sevisPendingEvents)
      .innerJoin(studentProfiles, eq(studentProfiles.id, sevisPendingEvents.profileId))
      .leftJoin(sevisBatchRecords, eq(sevisBatchRecords.id, lastRecord))
      .leftJoin(sevisBatches, eq(sevisBatches.id, sevisBatchRecords.batchRowId))
      .where(where);
    const [{ n }] = (await base) as [{ n: number }];
    const dir = q.dir === 'asc' ? asc : desc;
    const order =
      q.sort === 'code'
        ? [dir(sevisPendingEvents.resultCode), desc(sevisPendingEvents.updatedAt)]
        : q.sort === 'student'
          ? [dir(studentProfiles.lastName), dir(studentProfiles.firstName), desc(sevisPendingEvents.updatedAt)]
          : [dir(sevisPendingEvents.updatedAt), dir(sevisPendingEvents.id)];
    const rows = await tx
      .select({
        e: sevisPendingEvents,
        first: studentProfiles.firstName,
        last: studentProfiles.lastName,
        sevisId: studentProfiles.sevisId,
        visaType: studentProfiles.visaType,
        batchRowId: sevisBatches.id,
        batchId: sevisBatches.batchId,
        orgId: sevisBatches.orgId,
      })
      .from(sevisPendingEvents)
      .innerJoin(studentProfiles, eq(studentProfiles.id, sevisPendingEvents.profileId))
      .leftJoin(sevisBatchRecords, eq(sevisBatchRecords.id, lastRecord))
      .leftJoin(sevisBatches, eq(sevisBatches.id, sevisBatchRecords.batchRowId))
      .where(where)
      .orderBy(...order)
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize);
    return {
      items: rows.map((r) => ({
        eventId: r.e.id,
        profileId: r.e.profileId,
        studentName: [r.last, r.first].filter(Boolean).join(', '),
        sevisId: r.sevisId,
        visaType: r.visaType,
        eventType: r.e.eventType,
        action: r.e.action,
        status: r.e.status,
        resultCode: r.e.resultCode,
        message: r.e.message,
        batchRowId: r.batchRowId,
        batchId: r.batchId ?? '',
        orgId: r.orgId ?? '',
        updatedAt: r.e.updatedAt.toISOString(),
      })),
      total: n,
      page: q.page,
      pageSize: q.pageSize,
    };
  });
}

/**
 * How many updates System Errors lists the actor as held back and as refused by SEVIS (the same records in
 * reach): the SEVIS counts on My work, each of which opens System Errors filtered to its status.
 */
export async function countSystemErrors(tx: TTx, actor: TAuthenticatedActor): Promise<{ held: number; failed: number }> {
  const rows = await tx
    .select({ status: sevisPendingEvents.status, n: sql<number>`count(*)::int` })
    .from(sevisPendingEvents)
    .innerJoin(studentProfiles, eq(studentProfiles.id, sevisPendingEvents.profileId))
    .where(and(inArray(sevisPendingEvents.status, ['failed', 'held']), siteFilter(actor)))
    .groupBy(sevisPendingEvents.status);
  const of = (status: string) => Number(rows.find((r) => r.status === status)?.n ?? 0);
  return { held: of('held'), failed: of('failed') };
}

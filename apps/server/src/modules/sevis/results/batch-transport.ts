import { and, eq } from 'drizzle-orm';
import { canActOnSite, sevisApi } from '@meridian/domain';
import type { TTx } from '../../../platform/db/database.js';
import { AppError, notFound } from '../../../platform/errors/app-error.js';
import { requireActor, type TContext } from '../../../platform/http/context.js';
import { sevisBatches, sevisSenders, sevisSettings } from '../schema.js';
import { parseTransLog, validateTransLog } from './trans-log-parse.js';

/** The transaction log's messages. */
export const TRANSLOG_MSG = sevisApi.TRANSLOG_MSG;

/** SEVIS could not be reached or refused: a 502 with the reason. */
export const unavailable = (message: string) => new AppError(502, 'SEVIS_UNAVAILABLE', message);

/** A batch the actor may work on (its campus site with the sevisBatch flag), else 404. */
export async function loadBatch(tx: TTx, ctx: TContext, batchRowId: string, lock = false) {
  const q = tx
    .select({ b: sevisBatches, siteId: sevisSettings.campusSiteId })
    .from(sevisBatches)
    .innerJoin(sevisSettings, eq(sevisSettings.id, sevisBatches.settingsId))
    .where(eq(sevisBatches.id, batchRowId));
  const [row] = lock ? await q.for('update', { of: sevisBatches }) : await q;
  if (!row || !canActOnSite(requireActor(ctx).staff, row.siteId, 'sevisBatch')) throw notFound();
  return row.b;
}

/**
 * Sending needs the SEVIS Permissions too: a DSO of the batch's campus site for a student batch, an ARO
 * of it for an exchange-visitor one (super users always).
 */
export async function assertSender(tx: TTx, ctx: TContext, batch: { kind: string; settingsId: string }) {
  const actor = requireActor(ctx);
  if (actor.staff?.isSuper) return;
  const [s] = await tx
    .select({ id: sevisSenders.userId })
    .from(sevisSenders)
    .innerJoin(sevisSettings, eq(sevisSettings.campusSiteId, sevisSenders.campusSiteId))
    .where(
      and(
        eq(sevisSettings.id, batch.settingsId),
        eq(sevisSenders.userId, actor.userId),
        eq(sevisSenders.kind, batch.kind === 'ev' ? 'ARO' : 'DSO'),
      ),
    );
  // 409, not 403: the route is allowed; what is missing is a SEVIS Permissions entry the office can add.
  if (!s) throw new AppError(409, 'NOT_A_SENDER', TRANSLOG_MSG.noSender);
}

/** The result code of SEVIS's answer to an upload (its transaction log), or '' when it sent none we can read. */
export async function uploadAnswerCode(body: Buffer): Promise<{ code: string; message: string }> {
  try {
    const xml = body.toString('utf8');
    await validateTransLog(xml);
    // The answer to an upload carries the Upload result only (S0000 accepted; S0010, S0012, S0013... refused).
    const code = parseTransLog(xml).uploadCode;
    return { code, message: sevisApi.SEVIS_BATCH_RESULT_CODES[code] ?? '' };
  } catch {
    return { code: '', message: '' };
  }
}

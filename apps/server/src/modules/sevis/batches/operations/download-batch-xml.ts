import { writeAudit } from '../../../../platform/audit/audit.js';
import { notFound } from '../../../../platform/errors/app-error.js';
import { requireActor, type TContext } from '../../../../platform/http/context.js';
import { batchRow } from '../queries/batch-list.query.js';

/** The batch XML and its file name (the batch id), for upload to SEVIS by hand; the download is audited. */
export async function downloadBatchXml(ctx: TContext, batchRowId: string): Promise<{ fileName: string; xml: string }> {
  const actor = requireActor(ctx);
  return ctx.db(async (tx) => {
    const row = await batchRow(tx, actor, batchRowId);
    if (!row) throw notFound();
    await writeAudit(tx, {
      institutionId: ctx.institutionId,
      actorUserId: actor.userId,
      entityType: 'sevis_batch',
      entityId: row.b.id,
      action: 'sevis.batch-downloaded',
      after: { batchId: row.b.batchId },
      ip: ctx.ip,
    });
    return { fileName: `${row.b.batchId}.xml`, xml: row.b.xml };
  });
}

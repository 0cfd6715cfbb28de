import { and, eq, sql } from 'drizzle-orm';
import { messagesApi } from '@meridian/domain';
import type { TTx } from '../../../platform/db/database.js';
import { notFound } from '../../../platform/errors/app-error.js';
import { requireActor, type TContext } from '../../../platform/http/context.js';
import { massSends } from './schema.js';

export type TMassSendRow = typeof massSends.$inferSelect;
type TCounts = messagesApi.TMassSendCounts;

/**
 * A mass send the actor may see (docs/product/messages.md#the-mass-notification-log): super users see every
 * send of the office, everyone else the sends they made (a send lists names and addresses of records of the
 * sender's reach, which another sender's reach may not cover). Others: not found.
 */
export async function getVisibleSend(tx: TTx, ctx: TContext, id: string, lock = false): Promise<TMassSendRow> {
  const actor = requireActor(ctx);
  const q = tx.select().from(massSends).where(eq(massSends.id, id));
  const [row] = lock ? await q.for('update') : await q;
  if (!row) throw notFound();
  if (!actor.staff?.isSuper && row.createdBy !== actor.userId) throw notFound();
  return row;
}

/** Whose sends the actor sees in the log. */
export function visibleSendsFilter(ctx: TContext) {
  const actor = requireActor(ctx);
  return actor.staff?.isSuper ? undefined : eq(massSends.createdBy, actor.userId);
}

/**
 * A recipient as the details show it, from its row and its latest message in the outbox: failed when the
 * copy could not be made or the mail server refused it; sent once delivered (or recorded where no mail
 * server is configured; a message the retention removed was delivered long ago).
 */
export const RECIPIENT_STATE = sql<messagesApi.TMassRecipientStatus>`(case
  when r.status = 'pending' then 'pending'
  when r.status = 'skipped' then 'skipped'
  when r.status = 'failed' or o.status = 'failed' then 'failed'
  when o.status in ('queued', 'sending') then 'queued'
  else 'sent' end)`;

/** The counts of the given sends, read now from their recipients and messages. */
export async function countsOf(tx: TTx, ids: string[]): Promise<Map<string, TCounts>> {
  const out = new Map<string, TCounts>();
  if (!ids.length) return out;
  const { rows } = await tx.execute<{ id: string; total: number; queued: number; sent: number; failed: number; skipped: number }>(sql`
    select r.mass_send_id as id, count(*)::int as total,
      count(*) filter (where ${RECIPIENT_STATE} in ('pending', 'queued'))::int as queued,
      count(*) filter (where ${RECIPIENT_STATE} = 'sent')::int as sent,
      count(*) filter (where ${RECIPIENT_STATE} = 'failed')::int as failed,
      count(*) filter (where ${RECIPIENT_STATE} = 'skipped')::int as skipped
    from mass_send_recipients r left join outbox o on o.id = r.outbox_id
    where r.mass_send_id in (${sql.join(
      ids.map((i) => sql`${i}::uuid`),
      sql`, `,
    )})
    group by r.mass_send_id`);
  for (const r of rows) out.set(r.id, { total: r.total, queued: r.queued, sent: r.sent, failed: r.failed, skipped: r.skipped });
  return out;
}

const EMPTY: TCounts = { total: 0, queued: 0, sent: 0, failed: 0, skipped: 0 };

/** A send as the log shows it; "done" once its job finished and nothing of it waits in the outbox. */
export function presentSend(row: TMassSendRow, counts: TCounts | undefined, senderName: string): messagesApi.TMassSendItem {
  const c = counts ?? EMPTY;
  const status: messagesApi.TMassSendStatus =
    row.status === 'sending' && c.queued === 0 ? 'done' : (row.status as messagesApi.TMassSendStatus);
  return {
    id: row.id,
    subject: row.subject,
    recordKind: row.recordKind as messagesApi.TMassRecordKind,
    recipientLabel: row.recipientLabel,
    status,
    isCompliance: row.isCompliance,
    ccDepartment: row.ccDepartment,
    sentBy: { id: row.createdBy, name: senderName },
    sendAt: row.sendAt.toISOString(),
    createdAt: row.createdAt.toISOString(),
    startedAt: row.startedAt?.toISOString() ?? null,
    finishedAt: row.finishedAt?.toISOString() ?? null,
    counts: c,
    canCancel: row.status === 'scheduled' || row.status === 'preparing',
    canResend: c.failed > 0 && (row.status === 'sending' || row.status === 'done'),
  };
}

export async function senderNames(tx: TTx, ids: string[]): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  if (!ids.length) return out;
  const { rows } = await tx.execute<{ id: string; first_name: string; last_name: string }>(
    sql`select id, first_name, last_name from users where id in (${sql.join(
      [...new Set(ids)].map((i) => sql`${i}::uuid`),
      sql`, `,
    )})`,
  );
  for (const r of rows) out.set(r.id, `${r.first_name} ${r.last_name}`.trim());
  return out;
}

/** One send in full, as the actor may see it. */
export async function presentDetail(tx: TTx, row: TMassSendRow): Promise<messagesApi.TMassSendDetail> {
  const counts = await countsOf(tx, [row.id]);
  const names = await senderNames(tx, [row.createdBy]);
  return {
    ...presentSend(row, counts.get(row.id), names.get(row.createdBy) ?? '(deleted user)'),
    bodyHtml: row.bodyHtml,
    recipientSource: messagesApi.ZMassRecipientSource.parse(row.recipientSource),
  };
}

/** Is anything of this send still in the outbox waiting for delivery? */
export async function hasUndelivered(tx: TTx, id: string): Promise<boolean> {
  const { rows } = await tx.execute<{ n: number }>(
    sql`select count(*)::int as n from mass_send_recipients r left join outbox o on o.id = r.outbox_id
        where r.mass_send_id = ${id} and ${and(sql`${RECIPIENT_STATE} in ('pending', 'queued')`)}`,
  );
  return (rows[0]?.n ?? 0) > 0;
}

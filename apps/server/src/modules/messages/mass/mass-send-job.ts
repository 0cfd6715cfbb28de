import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { messagesApi, type TMergeRecordKind } from '@meridian/domain';
import { registerJobKind, type TJobRun } from '../../../platform/jobs/runner.js';
import { queueMail } from '../../../platform/mail/mailer.js';
import { loadSettings, renderBrandedHtml } from '../../institutions/index.js';
import { hasUndelivered } from './mass-send-store.js';
import { renderMassCopies } from './render-mass-copy.js';
import { massSendRecipients, massSends } from './schema.js';

/** Recipients made and queued per transaction. */
export const MASS_CHUNK = 100;

interface TMassJobInput {
  massSendId: string;
}

/**
 * Prepares a mass e-mail (docs/decisions/041-mass-email-queues-through-the-outbox.md): takes the waiting
 * recipients a chunk at a time and, in ONE transaction per chunk, makes each one's copy from their record
 * (in the sender's scope, as the job runs with the sender's context), records it in the outbox and marks the
 * recipient queued with its message. A crash between chunks loses nothing and queues nobody twice: the
 * resumed job takes up the recipients still waiting. A record that can no longer be read (deleted, or out of
 * the sender's reach) makes its recipient failed, with the reason. The outbox's delivery sends the messages.
 */
export async function runMassSend(job: TJobRun<TMassJobInput>): Promise<unknown> {
  const { ctx } = job;
  const id = job.input.massSendId;
  const [send] = await ctx.db((tx) =>
    tx
      .update(massSends)
      .set({ status: 'preparing', startedAt: sql`coalesce(${massSends.startedAt}, now())`, finishedAt: null })
      .where(and(eq(massSends.id, id), inArray(massSends.status, ['scheduled', 'preparing'])))
      .returning(),
  );
  // Cancelled before its time, or already prepared by an earlier run of this job.
  if (!send) return { queued: 0 };
  const kind = send.recordKind as TMergeRecordKind;
  const counted = await ctx.db((tx) =>
    tx.execute<{ total: number; done: number }>(
      sql`select count(*)::int as total, count(*) filter (where status <> 'pending')::int as done from mass_send_recipients where mass_send_id = ${id}`,
    ),
  );
  let done = counted.rows[0]?.done ?? 0;
  const total = counted.rows[0]?.total ?? 0;
  job.progress({ done, total, phase: 'Preparing the messages' });
  let queued = 0;
  for (;;) {
    const step = await ctx.db(async (tx) => {
      // The send's row is locked for the chunk: a cancel waits for it, and the next chunk sees the cancel.
      const [head] = await tx.select({ status: massSends.status }).from(massSends).where(eq(massSends.id, id)).for('update');
      if (head?.status !== 'preparing') return null;
      const batch = await tx
        .select()
        .from(massSendRecipients)
        .where(and(eq(massSendRecipients.massSendId, id), eq(massSendRecipients.status, 'pending')))
        .orderBy(asc(massSendRecipients.id))
        .limit(MASS_CHUNK)
        .for('update', { skipLocked: true });
      // The office's look, once per chunk: every copy is in it.
      const settings = batch.length ? await loadSettings(tx, ctx.institutionId) : null;
      const made: SQL[] = [];
      // Every copy of the chunk from its records, read together.
      const copies = batch.length
        ? await renderMassCopies(
            tx,
            ctx,
            kind,
            batch.map((r) => r.recordId),
            send.subject,
            send.bodyHtml,
            settings!,
          )
        : new Map<string, never>();
      for (const r of batch) {
        const copy = copies.get(r.recordId);
        if (!copy) {
          await tx
            .update(massSendRecipients)
            .set({ status: 'failed', reason: messagesApi.MSG_MASS_EMAIL.notResolvable, updatedAt: sql`now()` })
            .where(eq(massSendRecipients.id, r.id));
          continue;
        }
        const outboxId = await queueMail(
          tx,
          ctx.institutionId,
          {
            to: r.address,
            cc: r.cc ? [r.cc] : [],
            subject: copy.subject,
            text: copy.text,
            html: renderBrandedHtml(settings!, copy.subject, copy.text, copy.html),
            purpose: 'mass-email',
            category: send.isCompliance ? 'compliance' : 'bulk',
            massSendId: id,
            sentBy: send.createdBy,
            ...(kind === 'scholarCase' ? { scholarApplicationId: r.recordId } : { profileId: r.recordId }),
          },
          !!ctx.services.config.smtpUrl,
        );
        made.push(sql`(${r.id}::uuid, ${outboxId}::uuid)`);
        queued++;
      }
      // Every queued recipient of the chunk marked in one statement, in the chunk's transaction.
      if (made.length)
        await tx.execute(sql`
          update mass_send_recipients r set status = 'queued', outbox_id = v.outbox_id, reason = null, updated_at = now()
          from (values ${sql.join(made, sql`, `)}) as v(id, outbox_id) where r.id = v.id`);
      return batch.length;
    });
    if (!step) break;
    done += step;
    job.progress({ done, total });
  }
  // The job ends with the send's state, in one transaction: a run after a crash finds it prepared.
  await ctx.db(async (tx) => {
    const undelivered = await hasUndelivered(tx, id);
    await tx
      .update(massSends)
      .set({ status: undelivered ? 'sending' : 'done', finishedAt: sql`now()` })
      .where(and(eq(massSends.id, id), eq(massSends.status, 'preparing')));
    await job.completeIn(tx, { queued });
  });
  return { queued };
}

/** The job kind (registered with the routes, at start-up). */
export function registerMassSendJob(): void {
  registerJobKind<TMassJobInput>({ kind: messagesApi.MASS_SEND_JOB, run: runMassSend });
}

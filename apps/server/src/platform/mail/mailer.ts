import { and, eq, sql } from 'drizzle-orm';
import nodemailer, { type Transporter } from 'nodemailer';
import type { TDatabase, TTx } from '../db/database.js';
import { outbox } from './schema.js';

export interface TMail {
  to: string;
  subject: string;
  text: string;
  html?: string;
  purpose: string;
}

const HEADER_SAFE = /[\r\n]/g;

/**
 * Records a message in the outbox inside the caller's transaction. With SMTP configured it is
 * queued for the delivery job; without, it stays recorded for the "Sent email" page.
 */
export async function queueMail(tx: TTx, institutionId: string, mail: TMail, smtpConfigured: boolean): Promise<void> {
  await tx.insert(outbox).values({
    institutionId,
    toAddress: mail.to.replace(HEADER_SAFE, ''),
    subject: mail.subject.replace(HEADER_SAFE, ' '),
    textBody: mail.text,
    htmlBody: mail.html ?? null,
    purpose: mail.purpose,
    status: smtpConfigured ? 'queued' : 'recorded',
  });
}

/** Tries before a message is given up as failed. */
export const MAX_ATTEMPTS = 8;
/** A claim older than this was cut short (the server died between claiming and marking). */
export const STALE_CLAIM_MS = 10 * 60_000;

type TOutboxRow = typeof outbox.$inferSelect;

/**
 * The delivery job, any number of servers side by side (docs/product/operations.md#e-mail-delivery).
 * Each message goes through claim → send → mark, each step committed on its own: a message is marked
 * sent the moment SMTP accepted it, so a crash can repeat at most the one message that was in flight
 * (claimed, perhaps sent, not yet marked). Such a claim is taken up again once it is stale. The
 * Message-ID is the outbox row's, so a receiving server that saw the first copy can drop the second.
 */
export class MailDelivery {
  private timer: NodeJS.Timeout | null = null;
  private transport: Transporter | null;
  private running = false;
  private stopping = false;
  constructor(
    private readonly db: TDatabase,
    smtpUrl: string | undefined,
    private readonly from: string,
    transport?: Transporter,
  ) {
    this.transport = transport ?? (smtpUrl ? nodemailer.createTransport(smtpUrl) : null);
  }

  start(everyMs = 5000): void {
    if (!this.transport || this.timer) return;
    this.timer = setInterval(() => void this.runOnce().catch(() => {}), everyMs);
    this.timer.unref();
  }

  /** Stops taking new work and waits for the run in progress (its one message in flight) to finish. */
  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    this.stopping = true;
    while (this.running) await new Promise((r) => setTimeout(r, 50));
  }

  /** Claims one queued message (or a stale claim), committing the claim before anything is sent. */
  private async claim(): Promise<TOutboxRow | null> {
    const rows = await this.db.owner.execute<{ id: string }>(sql`
      update outbox set status = 'sending', claimed_at = now(), attempts = attempts + 1
      where id = (
        select id from outbox
        where (
            -- queued: new, or failed before and its wait (30 s doubling per try, at most an hour) is over
            (status = 'queued' and (claimed_at is null or claimed_at < now() - make_interval(secs => least(3600, 30 * power(2, greatest(attempts - 1, 0))))))
            or (status = 'sending' and claimed_at < now() - make_interval(secs => ${STALE_CLAIM_MS / 1000}))
          )
          and attempts < ${MAX_ATTEMPTS}
        order by created_at
        limit 1
        for update skip locked
      )
      returning id`);
    const id = rows.rows[0]?.id;
    if (!id) return null;
    const [row] = await this.db.owner.select().from(outbox).where(eq(outbox.id, id));
    return row ?? null;
  }

  /** Sends what is queued, one message at a time, up to `max` per run. Returns how many were sent. */
  async runOnce(max = 50): Promise<number> {
    if (!this.transport || this.running) return 0;
    this.running = true;
    let sent = 0;
    try {
      for (let i = 0; i < max && !this.stopping; i++) {
        const m = await this.claim();
        if (!m) break;
        try {
          await this.transport.sendMail({
            from: this.from,
            to: m.toAddress,
            subject: m.subject,
            text: m.textBody,
            html: m.htmlBody ?? undefined,
            messageId: `<${m.id}@meridian.outbox>`,
          });
        } catch (e) {
          await this.db.owner
            .update(outbox)
            .set({
              status: m.attempts >= MAX_ATTEMPTS ? 'failed' : 'queued',
              claimedAt: new Date(),
              lastError: String((e as Error).message).slice(0, 500),
            })
            .where(and(eq(outbox.id, m.id), eq(outbox.status, 'sending')));
          continue;
        }
        await this.db.owner.update(outbox).set({ status: 'sent', sentAt: new Date(), claimedAt: null }).where(eq(outbox.id, m.id));
        sent++;
      }
    } finally {
      this.running = false;
    }
    return sent;
  }
}

import { and, eq, inArray, lt, sql } from 'drizzle-orm';
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

/**
 * The delivery job: claims queued messages with SKIP LOCKED (any number of servers), sends them
 * and marks each sent or failed. A crash leaves messages queued, so they are retried, not lost.
 */
export class MailDelivery {
  private timer: NodeJS.Timeout | null = null;
  private transport: Transporter | null;
  constructor(
    private readonly db: TDatabase,
    smtpUrl: string | undefined,
    private readonly from: string,
  ) {
    this.transport = smtpUrl ? nodemailer.createTransport(smtpUrl) : null;
  }

  start(everyMs = 5000): void {
    if (!this.transport || this.timer) return;
    this.timer = setInterval(() => void this.runOnce().catch(() => {}), everyMs);
    this.timer.unref();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  async runOnce(): Promise<number> {
    if (!this.transport) return 0;
    let sent = 0;
    await this.db.owner.transaction(async (tx) => {
      const batch = await tx
        .select()
        .from(outbox)
        .where(and(eq(outbox.status, 'queued'), lt(outbox.attempts, 8)))
        .orderBy(outbox.createdAt)
        .limit(20)
        .for('update', { skipLocked: true });
      for (const m of batch) {
        try {
          await this.transport!.sendMail({
            from: this.from,
            to: m.toAddress,
            subject: m.subject,
            text: m.textBody,
            html: m.htmlBody ?? undefined,
          });
          await tx
            .update(outbox)
            .set({ status: 'sent', sentAt: new Date(), attempts: sql`${outbox.attempts} + 1` })
            .where(eq(outbox.id, m.id));
          sent++;
        } catch (e) {
          const failed = m.attempts + 1 >= 8;
          await tx
            .update(outbox)
            .set({
              status: failed ? 'failed' : 'queued',
              attempts: sql`${outbox.attempts} + 1`,
              lastError: String((e as Error).message).slice(0, 500),
            })
            .where(inArray(outbox.id, [m.id]));
        }
      }
    });
    return sent;
  }
}

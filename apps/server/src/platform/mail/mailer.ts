import { and, eq, sql } from 'drizzle-orm';
import nodemailer, { type Transporter } from 'nodemailer';
import type { TokenService } from '../auth/tokens.js';
import type { TDatabase, TTx } from '../db/database.js';
import { institutions } from '../tenancy/schema.js';
import { outbox, type TMailCategory } from './schema.js';
import { isOptedOut, unsubscribeUrl } from './unsubscribe.js';

export interface TMail {
  to: string;
  subject: string;
  text: string;
  html?: string;
  purpose: string;
  /** Addresses in copy. */
  cc?: readonly string[];
  /** transactional (the default), compliance, or bulk: only bulk mail can be unsubscribed from. */
  category?: TMailCategory;
  /** What the message is about, so the record's Message Center lists it (docs/product/messages.md#message-center). */
  profileId?: string | null;
  scholarId?: string | null;
  scholarApplicationId?: string | null;
  requestId?: string | null;
  /** The recipient's portal account. */
  userId?: string | null;
  /** The staff member who sent it by hand. */
  sentBy?: string | null;
  /** The mass e-mail it is part of. */
  massSendId?: string | null;
}

const HEADER_SAFE = /[\r\n]/g;

/**
 * Records a message in the outbox inside the caller's transaction. With SMTP configured it is
 * queued for the delivery job; without, it stays recorded for the "Sent email" page.
 */
export async function queueMail(tx: TTx, institutionId: string, mail: TMail, smtpConfigured: boolean): Promise<string> {
  const [row] = await tx
    .insert(outbox)
    .values({
      institutionId,
      toAddress: mail.to.replace(HEADER_SAFE, ''),
      cc: (mail.cc ?? []).map((a) => a.replace(HEADER_SAFE, '')).filter(Boolean),
      subject: mail.subject.replace(HEADER_SAFE, ' '),
      textBody: mail.text,
      htmlBody: mail.html ?? null,
      purpose: mail.purpose,
      category: mail.category ?? 'transactional',
      status: smtpConfigured ? 'queued' : 'recorded',
      profileId: mail.profileId ?? null,
      scholarId: mail.scholarId ?? null,
      scholarApplicationId: mail.scholarApplicationId ?? null,
      requestId: mail.requestId ?? null,
      userId: mail.userId ?? null,
      sentBy: mail.sentBy ?? null,
      massSendId: mail.massSendId ?? null,
    })
    .returning({ id: outbox.id });
  // The outbox row's id: the message's Message-ID, and how a mass e-mail's recipient finds its message.
  return row!.id;
}

/** Why bulk mail to an address that unsubscribed was not sent. */
export const OPTED_OUT = 'Not sent: the recipient unsubscribed from bulk mail from this office.';

/** Tries before a message is given up as failed. */
export const MAX_ATTEMPTS = 8;
/** A claim older than this was cut short (the server died between claiming and marking). */
export const STALE_CLAIM_MS = 10 * 60_000;

type TOutboxRow = typeof outbox.$inferSelect;

/** DKIM signing of outgoing mail (docs/product/operations.md#dkim-signing). */
export interface TDkim {
  domainName: string;
  keySelector: string;
  privateKey: string;
}

export interface TMailDeliveryOptions {
  dkim?: TDkim | undefined;
  /** Signs the unsubscribe links of bulk mail; without it bulk mail carries no List-Unsubscribe header. */
  tokens?: TokenService | undefined;
  /** At most this many messages a minute (MAIL_RATE_PER_MINUTE): a mass e-mail leaves at the mail server's pace. */
  perMinute?: number | undefined;
}

/** The mail server's answer, as it is kept (short, on one line). */
const answer = (s: unknown) => (typeof s === 'string' ? s : '').replace(/\s+/g, ' ').trim().slice(0, 500);

/** A permanent refusal (5xx): the address or the message is refused for good, so it is not tried again. */
const isPermanent = (e: unknown) => {
  const code = (e as { responseCode?: unknown }).responseCode;
  return typeof code === 'number' && code >= 500 && code < 600;
};

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
    private readonly options: TMailDeliveryOptions = {},
  ) {
    this.transport = transport ?? (smtpUrl ? nodemailer.createTransport(smtpUrl) : null);
  }

  start(everyMs = 5000): void {
    if (!this.transport || this.timer) return;
    // Each run sends at most its share of the rate; a run that overruns its slot makes the next one wait.
    const perRun = this.options.perMinute ? Math.max(1, Math.floor((this.options.perMinute * everyMs) / 60_000)) : undefined;
    this.timer = setInterval(() => void this.runOnce(perRun).catch(() => {}), everyMs);
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

  /** Marks the outcome of a try, unless another run took the claim over meanwhile. */
  private async mark(id: string, set: Partial<TOutboxRow>): Promise<void> {
    await this.db.owner
      .update(outbox)
      .set(set)
      .where(and(eq(outbox.id, id), eq(outbox.status, 'sending')));
  }

  /**
   * Bulk mail says how to unsubscribe in one click (RFC 8058), on the institution's own portal address;
   * transactional and compliance mail never does (docs/product/messages.md#unsubscribing).
   */
  private async headers(m: TOutboxRow): Promise<Record<string, string>> {
    const tokens = this.options.tokens;
    if (m.category !== 'bulk' || !tokens) return {};
    const [inst] = await this.db.owner
      .select({ settings: institutions.settings })
      .from(institutions)
      .where(eq(institutions.id, m.institutionId));
    const base = (inst?.settings as { publicBaseUrl?: unknown } | null)?.publicBaseUrl;
    if (typeof base !== 'string' || !/^https?:\/\//i.test(base)) return {};
    return {
      'List-Unsubscribe': `<${unsubscribeUrl(tokens, base, m.institutionId, m.toAddress)}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    };
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
        if (m.category === 'bulk' && (await isOptedOut(this.db.owner, m.institutionId, m.toAddress))) {
          await this.mark(m.id, { status: 'failed', claimedAt: null, lastError: OPTED_OUT, smtpResponse: null });
          continue;
        }
        let info: { response?: unknown };
        try {
          info = await this.transport.sendMail({
            from: this.from,
            to: m.toAddress,
            ...(m.cc.length ? { cc: m.cc } : {}),
            subject: m.subject,
            text: m.textBody,
            html: m.htmlBody ?? undefined,
            messageId: `<${m.id}@meridian.outbox>`,
            headers: await this.headers(m),
            ...(this.options.dkim ? { dkim: this.options.dkim } : {}),
          });
        } catch (e) {
          const said = answer((e as { response?: unknown }).response ?? (e as Error).message);
          const permanent = isPermanent(e);
          await this.mark(m.id, {
            status: permanent || m.attempts >= MAX_ATTEMPTS ? 'failed' : 'queued',
            claimedAt: new Date(),
            lastError: answer((e as Error).message),
            smtpResponse: said,
          });
          continue;
        }
        await this.db.owner
          .update(outbox)
          .set({ status: 'sent', sentAt: new Date(), claimedAt: null, smtpResponse: answer(info?.response) || null })
          .where(eq(outbox.id, m.id));
        sent++;
      }
    } finally {
      this.running = false;
    }
    return sent;
  }
}

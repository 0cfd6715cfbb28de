import type { Transporter } from 'nodemailer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MailDelivery } from '../src/platform/mail/mailer.js';
import { createTestApp, type TTestApp } from './app.js';

// docs/product/operations.md#e-mail-delivery: claim, send and mark each message on its own, so a crash
// repeats at most the one message in flight.
let t: TTestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type TSent = { to: string; messageId: string };
const queue = async (n: number, tag: string) => {
  await t.sql(
    `insert into outbox (institution_id, to_address, subject, text_body, purpose, status)
     select $1, 'student' || g || '@${tag}.test', 'Reminder ' || g, 'Your OPT application is due.', 'test', 'queued' from generate_series(1, $2::int) g`,
    [t.institutionA, n],
  );
};
const fakeTransport = (sent: TSent[], behave: (i: number) => 'ok' | 'hang' | 'fail' = () => 'ok'): Transporter => {
  let calls = 0;
  return {
    sendMail: (m: { to: string; messageId: string }) => {
      const how = behave(++calls);
      if (how === 'hang') return new Promise(() => {});
      if (how === 'fail') return Promise.reject(new Error('451 4.3.0 try again later'));
      sent.push({ to: m.to, messageId: m.messageId });
      return Promise.resolve({});
    },
  } as unknown as Transporter;
};

describe('e-mail delivery', () => {
  it('a crash in the middle of 20 messages repeats at most the one in flight, and every message arrives', async () => {
    await queue(20, 'crash');
    const delivered: TSent[] = [];
    // The first server sends 9, then dies while SMTP is accepting the 10th (which may have arrived).
    const first = new MailDelivery(
      t.database,
      undefined,
      'ISSS <isss@demo.test>',
      fakeTransport(delivered, (i) => (i === 10 ? 'hang' : 'ok')),
    );
    void first.runOnce();
    // Wait until the 10th is claimed (marking the 9th sent and claiming the 10th are separate steps).
    await expect
      .poll(async () =>
        (
          await t.sql<{ status: string; n: number }>(
            `select status, count(*)::int as n from outbox where to_address like '%@crash.test' and status in ('sent', 'sending') group by status order by status`,
          )
        ).map((r) => `${r.status}:${r.n}`),
      )
      .toEqual(['sending:1', 'sent:9']);
    const inFlight = await t.sql<{ to_address: string }>(
      `select to_address from outbox where to_address like '%@crash.test' and status = 'sending'`,
    );
    expect(inFlight).toHaveLength(1);
    delivered.push({ to: inFlight[0]!.to_address, messageId: 'maybe delivered before the crash' });

    // After the restart another server takes over; the interrupted claim is taken up once it is stale.
    const second = new MailDelivery(t.database, undefined, 'ISSS <isss@demo.test>', fakeTransport(delivered));
    expect(await second.runOnce()).toBe(10);
    await t.sql(`update outbox set claimed_at = now() - interval '11 minutes' where status = 'sending'`);
    expect(await second.runOnce()).toBe(1);

    const counts = new Map<string, number>();
    for (const d of delivered) counts.set(d.to, (counts.get(d.to) ?? 0) + 1);
    expect(counts.size).toBe(20);
    expect([...counts.values()].filter((n) => n > 1)).toHaveLength(1);
    const [left] = await t.sql<{ n: number }>(
      `select count(*)::int as n from outbox where to_address like '%@crash.test' and status <> 'sent'`,
    );
    expect(left!.n).toBe(0);
  });

  it('each message carries its own Message-ID, the same on a repeat, so the receiving server can drop the copy', async () => {
    await queue(2, 'ids');
    const delivered: TSent[] = [];
    await new MailDelivery(t.database, undefined, 'x@demo.test', fakeTransport(delivered)).runOnce();
    const ids = delivered.filter((d) => d.to.endsWith('@ids.test')).map((d) => d.messageId);
    expect(new Set(ids).size).toBe(2);
    for (const id of ids) expect(id).toMatch(/^<[0-9a-f-]{36}@meridian\.outbox>$/);
  });

  it('an SMTP refusal is kept queued with its reason and retried later, not in a tight loop; after 8 tries it is failed', async () => {
    await queue(1, 'refused');
    const delivered: TSent[] = [];
    const failing = new MailDelivery(
      t.database,
      undefined,
      'x@demo.test',
      fakeTransport(delivered, () => 'fail'),
    );
    await failing.runOnce();
    const [row] = await t.sql<{ status: string; attempts: number; last_error: string }>(
      `select status, attempts, last_error from outbox where to_address like '%@refused.test'`,
    );
    expect(row).toEqual({ status: 'queued', attempts: 1, last_error: '451 4.3.0 try again later' });
    // Within its wait it is not tried again.
    await failing.runOnce();
    expect((await t.sql<{ attempts: number }>(`select attempts from outbox where to_address like '%@refused.test'`))[0]!.attempts).toBe(1);
    for (let i = 0; i < 8; i++) {
      await t.sql(`update outbox set claimed_at = now() - interval '2 hours' where to_address like '%@refused.test'`);
      await failing.runOnce();
    }
    const [after] = await t.sql<{ status: string; attempts: number }>(
      `select status, attempts from outbox where to_address like '%@refused.test'`,
    );
    expect(after).toEqual({ status: 'failed', attempts: 8 });
  });
});

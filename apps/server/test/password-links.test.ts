import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import { MSG } from '@meridian/domain';
import { createTestApp, DEMO_PASSWORD, HOST_A, type TTestApp } from './app.js';
import { call, latestLink, mailsTo } from './http.js';
import { expirePasswordLink, setInstitutionHosts } from './factories/index.js';

let t: TTestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const forgot = (
  email: string,
  opts: { portal?: 'scholar' | 'student' | undefined; headers?: Record<string, string> | undefined; host?: string | undefined } = {},
) =>
  call(t, 'POST', '/api/auth/forgot-password', {
    host: opts.host,
    headers: opts.headers,
    body: { email, ...(opts.portal ? { portal: opts.portal } : {}) },
  });
const inspect = (token: string) => call(t, 'POST', '/api/auth/password-links/inspect', { body: { token } });
const use = (token: string, password: string, confirmPassword = password) =>
  call(t, 'POST', '/api/auth/password-links/use', { body: { token, password, confirmPassword } });
const linkRow = async (token: string) =>
  (await t.sql('select * from password_links where token_hash = $1', [createHash('sha256').update(token).digest('hex')]))[0];

describe('forgotPassword', () => {
  it('answers the same for a known and an unknown e-mail, and mails only the known one', async () => {
    const before = (await t.sql<{ n: number }>('select count(*)::int as n from outbox'))[0]!.n;
    const known = await forgot('scholar@demo.example.edu');
    const unknown = await forgot('nobody-at-all@demo.example.edu');
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(known.json()).toEqual({ message: MSG.resetLinkSent });
    expect(unknown.json()).toEqual(known.json());
    const after = (await t.sql<{ n: number }>('select count(*)::int as n from outbox'))[0]!.n;
    expect(after).toBe(before + 1);
    expect(await mailsTo(t, 'nobody-at-all@demo.example.edu')).toEqual([]);
  });

  it("builds the link from the institution's address, never from the request's Host or X-Forwarded-Host", async () => {
    // A second host name for institution A, so the request's Host differs from the configured address.
    await setInstitutionHosts(t, ['demo.test', 'alias.demo.test']);
    t.services.tenancy.invalidate();
    for (const [host, forwarded] of [
      [HOST_A, 'evil.example'],
      ['alias.demo.test', 'evil.example'],
    ] as const) {
      const res = await forgot('scholar@demo.example.edu', {
        host,
        headers: { 'x-forwarded-host': forwarded, 'x-forwarded-proto': 'http' },
      });
      expect(res.statusCode).toBe(200);
      const { url, mail } = await latestLink(t, 'scholar@demo.example.edu');
      expect(url).toMatch(/^https:\/\/portal\.demo\.test\/#\/login\/pass-reset\/[A-Za-z0-9_-]{40,}$/);
      expect(mail.text_body).not.toContain('evil');
      expect(mail.text_body).not.toContain('alias');
      expect(mail.institution_id).toBe(t.institutionA);
      expect(mail.purpose).toBe('password-link:reset');
    }
  });

  it('keeps only a hash of the token, never the token itself', async () => {
    await forgot('scholar@demo.example.edu');
    const { token } = await latestLink(t, 'scholar@demo.example.edu');
    const row = await linkRow(token);
    expect(row).toBeDefined();
    expect(row!.token_hash).not.toBe(token);
    expect(JSON.stringify(row)).not.toContain(token);
    expect(await t.sql('select 1 from password_links where token_hash = $1', [token])).toEqual([]);
  });

  it('mails student accounts a link to the student portal', async () => {
    await forgot('student@demo.example.edu', { portal: 'student' });
    const { url } = await latestLink(t, 'student@demo.example.edu');
    expect(url).toMatch(/^https:\/\/portal\.demo\.test\/#\/login\/student\/pass-reset\/[A-Za-z0-9_-]+$/);
  });
});

describe('a reset link', () => {
  let token: string;

  beforeAll(async () => {
    await forgot('dept@demo.example.edu');
    ({ token } = await latestLink(t, 'dept@demo.example.edu'));
  });

  it('can be inspected any number of times without changing anything', async () => {
    const before = await linkRow(token);
    for (let i = 0; i < 2; i++) {
      const res = await inspect(token);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ valid: true, purpose: 'reset', userName: 'dept', userRole: 'department' });
      // The page that opened the link must not leak it onwards.
      expect(res.headers['referrer-policy']).toBe('no-referrer');
    }
    expect(await linkRow(token)).toEqual(before);
    expect(before!.used_at).toBeNull();
    // The old password still works: opening the link changed nothing.
    expect((await call(t, 'POST', '/api/auth/login', { body: { userName: 'dept', password: DEMO_PASSWORD } })).statusCode).toBe(200);
  });

  it.each([
    ['too short', 'Ab1cd', 'Ab1cd', 'password', MSG.passwordTooShort],
    ['without a digit', 'Abcdefghij', 'Abcdefghij', 'password', MSG.passwordComposition],
    ['without an upper-case letter', 'abcdefgh12', 'abcdefgh12', 'password', MSG.passwordComposition],
    ['not repeated the same', 'Granite-Path-73', 'Granite-Path-74', 'confirmPassword', MSG.passwordsMatch],
    ['a common password', 'Password123', 'Password123', 'password', MSG.commonPassword],
    ["the institution's name", 'DemoUniversity1', 'DemoUniversity1', 'password', MSG.commonPassword],
    ["containing the institution's name", 'I-love-Demo-University-7', 'I-love-Demo-University-7', 'password', MSG.commonPassword],
    ["the user's own name", 'Department2024', 'Department2024', 'password', MSG.commonPassword],
  ])('refuses a password %s, with the message on the field, and stays usable', async (_what, password, confirm, field, message) => {
    const res = await use(token, password, confirm);
    expect(res.statusCode).toBe(400);
    expect(res.json().fieldErrors?.[field]).toContain(message);
    expect((await inspect(token)).json().valid).toBe(true);
  });

  it('sets the new password once: sign-in works with it, the old password and a second use do not', async () => {
    const res = await use(token, 'Granite-Path-73');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: MSG.passwordUpdated });
    expect((await call(t, 'POST', '/api/auth/login', { body: { userName: 'dept', password: 'Granite-Path-73' } })).statusCode).toBe(200);
    expect((await call(t, 'POST', '/api/auth/login', { body: { userName: 'dept', password: DEMO_PASSWORD } })).statusCode).toBe(401);

    const again = await use(token, 'Another-Path-84');
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ code: 'LINK_INVALID', message: MSG.resetLinkInvalid });
    expect((await inspect(token)).json()).toEqual({ valid: false, purpose: null, userName: null, userRole: null });
    expect((await call(t, 'POST', '/api/auth/login', { body: { userName: 'dept', password: 'Granite-Path-73' } })).statusCode).toBe(200);
    const [audit] = await t.sql(
      "select 1 from audit_events where action = 'auth.password.reset' and entity_type = 'user' and actor_user_id = (select id from users where institution_id = $1 and user_name = 'dept')",
      [t.institutionA],
    );
    expect(audit).toBeDefined();
  });

  it('used twice at the same moment, sets the password once', async () => {
    await forgot('student@demo.example.edu', { portal: 'student' });
    const { token: once } = await latestLink(t, 'student@demo.example.edu');
    const results = await Promise.all([use(once, 'Velvet-Morning-31'), use(once, 'Velvet-Evening-32')]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 400]);
    const winner = results[0].statusCode === 200 ? 'Velvet-Morning-31' : 'Velvet-Evening-32';
    expect((await call(t, 'POST', '/api/auth/login', { body: { userName: 'student', password: winner } })).statusCode).toBe(200);
  });

  it('stops working when it expires', async () => {
    await forgot('assistant@demo.example.edu');
    const { token: expiring } = await latestLink(t, 'assistant@demo.example.edu');
    expect((await inspect(expiring)).json().valid).toBe(true);
    await expirePasswordLink(t, expiring);
    expect((await inspect(expiring)).json().valid).toBe(false);
    const res = await use(expiring, 'Granite-Path-73');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(MSG.resetLinkInvalid);
  });

  it('stops working when a newer link is requested', async () => {
    await forgot('officer@demo.example.edu');
    const { token: first } = await latestLink(t, 'officer@demo.example.edu');
    await forgot('officer@demo.example.edu');
    const { token: second } = await latestLink(t, 'officer@demo.example.edu');
    expect(second).not.toBe(first);
    expect((await inspect(first)).json().valid).toBe(false);
    expect((await inspect(second)).json().valid).toBe(true);
  });

  it('answers an unknown token as invalid', async () => {
    expect((await inspect('x'.repeat(43))).json().valid).toBe(false);
    expect((await use('x'.repeat(43), 'Granite-Path-73')).json().message).toBe(MSG.resetLinkInvalid);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@meridian/domain';
import { createTestApp, type TTestApp } from './app.js';
import { call, mailsTo } from './http.js';
import { ageSessions } from './factories/index.js';

let t: TTestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('forgotPassword: limits', () => {
  it('sends at most three links to one address in 15 minutes, with the same answer every time', async () => {
    for (let i = 0; i < 5; i++) {
      const res = await call(t, 'POST', '/api/auth/forgot-password', {
        body: { email: 'dept@demo.example.edu' },
        remoteAddress: `10.1.0.${i}`,
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().message).toBe(MSG.resetLinkSent);
    }
    expect((await mailsTo(t, 'dept@demo.example.edu')).length).toBe(3);
  });

  it('slows down one address that asks for many resets', async () => {
    let last = 0;
    for (let i = 0; i < 21; i++) {
      last = (
        await call(t, 'POST', '/api/auth/forgot-password', { body: { email: `nobody${i}@demo.example.edu` }, remoteAddress: '10.9.9.9' })
      ).statusCode;
    }
    expect(last).toBe(429);
    const other = await call(t, 'POST', '/api/auth/forgot-password', {
      body: { email: 'nobody@demo.example.edu' },
      remoteAddress: '10.9.9.10',
    });
    expect(other.statusCode).toBe(200);
  });
});

describe('absolute session lifetime', () => {
  it('a session older than 12 hours cannot be refreshed, however often it was', async () => {
    const s = await t.login('officer');
    await ageSessions(t, s.userId, 13 * 3600_000);
    const res = await call(t, 'POST', '/api/auth/refresh', { body: { refreshToken: s.refreshToken } });
    expect(res.statusCode).toBe(401);
    const me = await call(t, 'GET', '/api/auth/me', { as: s });
    expect(me.statusCode).toBe(401);
  });
});

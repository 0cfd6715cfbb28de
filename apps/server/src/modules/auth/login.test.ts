import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@meridian/domain';
import { bearer, createTestApp, DEMO_PASSWORD, HOST_A, type TTestApp } from '../../../test/app.js';

let t: TTestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('login', () => {
  it('signs a staff member in and answers who they are', async () => {
    const s = await t.login('admin');
    expect(s.userRole).toBe('isssAdmin');
    expect(s.expiresIn).toBe(3600);
    expect(s.expireOn).toBeGreaterThan(Date.now() / 1000 + 3500);
    const me = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { host: HOST_A, ...bearer(s) } });
    expect(me.json()).toMatchObject({ userName: 'admin', accountName: 'Demo University', staff: { isSuper: true } });
  });

  it('gives the same message for a wrong password and an unknown user', async () => {
    for (const userName of ['officer', 'nobody-here']) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        headers: { host: HOST_A },
        payload: { userName, password: 'Wrong-pass-1' },
      });
      expect(res.statusCode).toBe(401);
      expect(res.json().message).toBe(MSG.loginNotFound);
    }
  });

  it("answers an advisor's right password exactly as a wrong one: no session, and no sign of which was right", async () => {
    const answers = [];
    for (const password of ['Wrong-pass-1', DEMO_PASSWORD]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        headers: { host: HOST_A },
        payload: { userName: 'advisor', password },
      });
      answers.push({ status: res.statusCode, body: res.json<unknown>(), cookie: res.headers['set-cookie'] ?? null });
    }
    expect(answers[1]).toEqual(answers[0]);
    expect(answers[0]).toEqual({ status: 401, body: { code: 'INVALID_CREDENTIALS', message: MSG.loginNotFound }, cookie: null });
  });

  it('shows the required-field messages for empty fields, on the fields', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { host: HOST_A },
      payload: { userName: '', password: '' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().fieldErrors).toEqual({ userName: [MSG.enterUserName], password: [MSG.enterPassword] });
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TInstitutionSettings, TSession } from '@meridian/domain';
import { createTestApp, type TTestApp } from './app.js';
import { call, latestLink } from './http.js';

let t: TTestApp;
let admin: TSession;
let officer: TSession;

beforeAll(async () => {
  t = await createTestApp();
  [admin, officer] = await Promise.all([t.login('admin'), t.login('officer')]);
});
afterAll(async () => {
  await t?.close();
});

const branding = async () => (await call(t, 'GET', '/api/institution/branding')).json();
const settings = async () => (await call(t, 'GET', '/api/institution/settings', { as: admin })).json<TInstitutionSettings>();
const put = (as: TSession, body: unknown) => call(t, 'PUT', '/api/institution/settings', { as, body });

describe('institution settings', () => {
  it("a super user's change shows at once in the branding the login page reads", async () => {
    const before = await branding();
    expect(before).toMatchObject({
      accountName: 'Demo University',
      primaryColor: '#00796b',
      loginWelcomeText: 'Welcome to the Scholar Module',
    });
    const res = await put(admin, {
      ...(await settings()),
      primaryColor: '#1a237e',
      secondaryColor: '#ffab00',
      loginWelcomeText: 'Welcome to Demo University ISSS',
      loginButtonText: 'Sign in with DemoID',
      logoImageURL: 'https://cdn.demo.test/logo.png',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ primaryColor: '#1a237e', secondaryColor: '#ffab00' });
    expect(await branding()).toMatchObject({
      accountName: 'Demo University',
      primaryColor: '#1a237e',
      secondaryColor: '#ffab00',
      loginWelcomeText: 'Welcome to Demo University ISSS',
      loginButtonText: 'Sign in with DemoID',
      logoImageURL: 'https://cdn.demo.test/logo.png',
    });
  });

  it('refuses an invalid colour with a message on the field and keeps the old settings', async () => {
    const before = await settings();
    const res = await put(admin, { ...before, primaryColor: 'red', loginWelcomeText: 'Should not be saved' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION', fieldErrors: { primaryColor: ['Enter a colour as #RRGGBB'] } });
    expect(await settings()).toEqual(before);
  });

  it('refuses addresses that are not web addresses (a logo or sign-in link cannot run script)', async () => {
    const before = await settings();
    for (const [field, value] of [
      ['logoImageURL', 'javascript:alert(1)'],
      ['Remote_login_url', 'data:text/html,hi'],
      ['publicBaseUrl', 'portal.demo.test'],
    ] as const) {
      const res = await put(admin, { ...before, [field]: value });
      expect(res.statusCode, field).toBe(400);
      expect(Object.keys(res.json().fieldErrors)).toEqual([field]);
    }
    expect(await settings()).toEqual(before);
  });

  it('needs every field: a partial body is refused, not merged with blanks', async () => {
    const res = await put(admin, { primaryColor: '#000000' });
    expect(res.statusCode).toBe(400);
    expect(res.json().fieldErrors).toHaveProperty('accountName');
  });

  it('an officer may read the settings but not change them (403), and nothing changes', async () => {
    const before = await settings();
    expect((await call(t, 'GET', '/api/institution/settings', { as: officer })).json()).toEqual(before);
    const res = await put(officer, { ...before, primaryColor: '#000000' });
    expect(res.statusCode).toBe(403);
    expect(await settings()).toEqual(before);
  });

  it("links in e-mails follow a change of the institution's public address", async () => {
    const res = await put(admin, { ...(await settings()), publicBaseUrl: 'https://isss.demo.test/portal/' });
    expect(res.statusCode).toBe(200);
    await call(t, 'POST', '/api/auth/forgot-password', { body: { email: 'scholar@demo.example.edu' } });
    const { url } = await latestLink(t, 'scholar@demo.example.edu');
    expect(url.startsWith('https://isss.demo.test/portal/#/login/pass-reset/')).toBe(true);
  });
});

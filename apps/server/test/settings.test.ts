import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { institutionsApi, MSG, type TInstitutionSettings, type TSession } from '@meridian/domain';
import { createTestApp, type TTestApp } from './app.js';
import { call, latestLink } from './http.js';
import { fileBody } from './sevis-results-fixtures.js';

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

  it('the student and the scholar sign-in pages each have their own welcome, changed apart', async () => {
    expect(await branding()).toMatchObject({ studentLoginWelcomeText: 'Welcome to the Student Portal' });
    const before = await settings();
    const res = await put(admin, { ...before, studentLoginWelcomeText: '  Welcome, students of Demo University  ' });
    expect(res.statusCode, res.body).toBe(200);
    expect(await branding()).toMatchObject({
      loginWelcomeText: before.loginWelcomeText,
      studentLoginWelcomeText: 'Welcome, students of Demo University',
    });
    // A client that predates the student welcome does not send it: the stored one stays.
    const { studentLoginWelcomeText: _omitted, ...older } = await settings();
    expect((await put(admin, { ...older, loginWelcomeText: 'Welcome, scholars' })).statusCode).toBe(200);
    expect(await branding()).toMatchObject({
      loginWelcomeText: 'Welcome, scholars',
      studentLoginWelcomeText: 'Welcome, students of Demo University',
    });
    const empty = await put(admin, { ...(await settings()), studentLoginWelcomeText: ' ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().fieldErrors).toEqual({ studentLoginWelcomeText: [MSG.required] });
    expect((await put(admin, before)).statusCode).toBe(200);
  });

  it('refuses an invalid colour with a message on the field and keeps the old settings', async () => {
    const before = await settings();
    const res = await put(admin, { ...before, primaryColor: 'red', loginWelcomeText: 'Should not be saved' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION', fieldErrors: { primaryColor: ['Enter a colour as #RRGGBB'] } });
    expect(await settings()).toEqual(before);
  });

  // WCAG 2.x 1.4.3 Contrast (Minimum): normal text needs 4.5:1 (docs/product/institutions.md#colours-that-stay-readable).
  it('refuses a brand colour the text drawn on it cannot be read on, with the ratio on the field, and keeps the old settings', async () => {
    const before = await settings();
    const res = await put(admin, {
      ...before,
      primaryColor: '#F5D000',
      secondaryColor: '#777777',
      loginWelcomeText: 'Should not be saved',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'VALIDATION',
      fieldErrors: {
        primaryColor: ['White text on #F5D000 has a contrast of 1.51:1; it needs at least 4.5:1.'],
        secondaryColor: ['White text on #777777 has a contrast of 4.48:1; it needs at least 4.5:1.'],
      },
    });
    expect(await settings()).toEqual(before);
    // Just over the line is accepted: #767676 carries white text at 4.54:1.
    const ok = await put(admin, { ...before, primaryColor: '#767676' });
    expect(ok.statusCode, ok.body).toBe(200);
    expect((await put(admin, before)).statusCode).toBe(200);
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

  it("e-mails carry an HTML part in the institution's colours beside the unchanged text, with the link and escaped values", async () => {
    const res = await put(admin, { ...(await settings()), accountName: 'Demo <University> & Co', primaryColor: '#1a237e' });
    expect(res.statusCode, res.body).toBe(200);
    await call(t, 'POST', '/api/auth/forgot-password', { body: { email: 'scholar@demo.example.edu' } });
    const { url } = await latestLink(t, 'scholar@demo.example.edu');
    const [mail] = await t.sql<{ text_body: string; html_body: string | null }>(
      `select text_body, html_body from outbox where to_address = 'scholar@demo.example.edu' order by created_at desc limit 1`,
    );
    expect(mail!.text_body).toContain(url);
    expect(mail!.text_body).toContain('Demo <University> & Co');
    const html = mail!.html_body ?? '';
    expect(html).toContain('background:#1a237e');
    expect(html).toContain(`<a href="${url}"`);
    expect(html).toContain('Demo &lt;University&gt; &amp; Co');
    expect(html).not.toContain('<University>');
  });
});

describe('the logo', () => {
  /** A 1×1 PNG. */
  const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64');
  const upload = (as: TSession | null, fileName: string, data: Buffer | string, contentType = 'application/octet-stream') => {
    const f = fileBody(fileName, data, contentType);
    return call(t, 'POST', '/api/institution/logo', { as, body: f.body, headers: f.headers });
  };
  const svg = (inner: string, attrs = '') =>
    `<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"${attrs}>${inner}</svg>`;

  it('an uploaded PNG becomes the logo the login page shows, served from Meridian with its type, kept a year and never sniffed', async () => {
    const res = await upload(admin, 'crest.png', PNG, 'image/png');
    expect(res.statusCode, res.body).toBe(200);
    const logo = res.json<TInstitutionSettings>().logoUpload!;
    expect(logo).toMatchObject({ fileName: 'crest.png', contentType: 'image/png', sizeBytes: PNG.length });
    expect(logo.url).toMatch(/^\/api\/institution\/logo\/[0-9a-f]{20}\.png$/);
    expect((await branding()).logoImageURL).toBe(logo.url);

    const served = await call(t, 'GET', logo.url);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.rawPayload.equals(PNG)).toBe(true);
    // Another address (an older logo, a guess) is not found.
    expect((await call(t, 'GET', '/api/institution/logo/0123456789abcdef0123.png')).statusCode).toBe(404);
    // Every other API answer stays out of caches.
    expect((await call(t, 'GET', '/api/institution/branding')).headers['cache-control']).toBe('no-store');
  });

  it('a plain SVG is taken and served as SVG that runs nothing even when opened on its own', async () => {
    const res = await upload(admin, 'crest.svg', svg('<title>Crest</title><rect width="10" height="10" fill="#00796b"/>'), 'image/svg+xml');
    expect(res.statusCode, res.body).toBe(200);
    const served = await call(t, 'GET', res.json<TInstitutionSettings>().logoUpload!.url);
    expect(served.headers['content-type']).toBe('image/svg+xml');
    expect(served.headers['content-security-policy']).toContain("default-src 'none'");
    expect(served.headers['content-security-policy']).toContain('sandbox');
  });

  it('refuses a hostile SVG with a message on the field, and the logo stays as it was', async () => {
    const before = await settings();
    const hostile: Array<[string, string]> = [
      [svg('<script>alert(document.cookie)</script>'), 'a <script> element'],
      [svg('<rect width="10" height="10"/>', ' onload="alert(1)"'), 'an event handler (onload)'],
      [svg('<a href="javascript:alert(1)"><rect width="10" height="10"/></a>'), 'a <a> element'],
      [svg('<image href="https://evil.example/track.png" width="10" height="10"/>'), 'a link to another file or page (href)'],
      [svg('<foreignObject><div xmlns="http://www.w3.org/1999/xhtml">hi</div></foreignObject>'), 'HTML inside it'],
      [svg('<h:script xmlns:h="http://www.w3.org/1999/xhtml">alert(1)</h:script>'), 'HTML inside it'],
      [svg('<set attributeName="href" to="javascript:alert(1)"/>'), 'a <set> element'],
      [svg('<style>@import url(https://evil.example/x.css);</style>'), 'CSS that imports or runs something'],
      [svg('<style><![CDATA[@import url(https://evil.example/x.css);]]></style>'), 'CSS that imports or runs something'],
      [
        svg('<use xlink:href="https://evil.example/x.svg#a"/>', ' xmlns:xlink="http://www.w3.org/1999/xlink"'),
        'a link to another file or page (xlink:href)',
      ],
      [
        svg('<rect style="fill:url(https://evil.example/x.svg#p)" width="1" height="1"/>'),
        'a link to another file (https://evil.example/x.svg#p)',
      ],
      [
        `<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY x SYSTEM "file:///etc/passwd">]><svg xmlns="http://www.w3.org/2000/svg">&x;</svg>`,
        'a DOCTYPE or ENTITY declaration',
      ],
    ];
    for (const [text, what] of hostile) {
      const res = await upload(admin, 'logo.svg', text, 'image/svg+xml');
      expect(res.statusCode, text).toBe(400);
      expect(res.json().fieldErrors, text).toEqual({ file: [institutionsApi.LOGO_MSG.svgUnsafe(what)] });
    }
    expect(await settings()).toEqual(before);
  });

  it('refuses a file whose content is not what its name says, one too large, and a name of another kind', async () => {
    const before = await settings();
    const cases: Array<[string, Buffer | string, number, string]> = [
      ['logo.png', '<svg xmlns="http://www.w3.org/2000/svg"/>', 400, institutionsApi.LOGO_MSG.type],
      ['logo.jpg', PNG, 400, institutionsApi.LOGO_MSG.type],
      ['logo.gif', Buffer.from('GIF89a'), 400, institutionsApi.LOGO_MSG.type],
      ['logo.svg', '<svg xmlns="http://www.w3.org/2000/svg"><rect></svg>', 400, institutionsApi.LOGO_MSG.svgUnreadable],
      ['logo.png', Buffer.concat([PNG, Buffer.alloc(institutionsApi.LOGO_MAX_BYTES)]), 413, institutionsApi.LOGO_MSG.tooLarge],
    ];
    for (const [name, data, status, message] of cases) {
      const res = await upload(admin, name, data);
      expect(res.statusCode, name).toBe(status);
      expect(res.json().fieldErrors, name).toEqual({ file: [message] });
    }
    expect(await settings()).toEqual(before);
  });

  it('only a super user may upload or remove it; removing it shows the logo address again; both are audited', async () => {
    expect((await upload(officer, 'crest.png', PNG, 'image/png')).statusCode).toBe(403);
    expect((await upload(null, 'crest.png', PNG, 'image/png')).statusCode).toBe(401);
    expect((await call(t, 'DELETE', '/api/institution/logo', { as: officer })).statusCode).toBe(403);
    await put(admin, { ...(await settings()), logoImageURL: 'https://cdn.demo.test/crest.png' });
    await upload(admin, 'crest.png', PNG, 'image/png');
    const removed = await call(t, 'DELETE', '/api/institution/logo', { as: admin });
    expect(removed.statusCode).toBe(200);
    expect(removed.json<TInstitutionSettings>().logoUpload).toBeNull();
    expect((await branding()).logoImageURL).toBe('https://cdn.demo.test/crest.png');
    const actions = (
      await t.sql<{ action: string }>(`select action from audit_events where action like 'institution.logo.%' order by at`)
    ).map((r) => r.action);
    expect(actions).toContain('institution.logo.uploaded');
    expect(actions).toContain('institution.logo.removed');
  });
});

import zlib from 'node:zlib';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, DEMO_PASSWORD, launch, query, screenshot } from '../browser.js';
import { expectMessage, journeyPage, journeySteps, signedInPage } from '../journey-helpers.js';

/**
 * Branding safeguards (docs/product/institutions.md#colours-that-stay-readable, #the-logo, #e-mails): a
 * super user tries a yellow the app bar's white text cannot be read on and is told the ratio on the
 * field and in the preview; picks a dark blue and sees the preview follow before saving; an SVG logo
 * with a script is refused on its field with nothing saved; a PNG logo is saved and shows on the login
 * page, served from Meridian; the password e-mail then carries an HTML part in the new colours with
 * the logo. The demo institution's branding is put back afterwards for the other journeys.
 */

let browser: Browser;
let original: Record<string, unknown> | null = null;
let adminToken = '';

async function api(method: string, path: string, body?: unknown): Promise<Response> {
  return fetch(`${baseUrl()}${path}`, {
    method,
    headers: { authorization: `Bearer ${adminToken}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
}

beforeAll(async () => {
  browser = await launch();
  const login = await fetch(`${baseUrl()}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ userName: 'admin', password: DEMO_PASSWORD }),
  });
  adminToken = ((await login.json()) as { accessToken: string }).accessToken;
  original = (await (await api('GET', '/api/institution/settings')).json()) as Record<string, unknown>;
});
afterAll(async () => {
  // The other journeys expect the demo's teal and no logo.
  if (original) {
    await api('DELETE', '/api/institution/logo');
    await api('PUT', '/api/institution/settings', original);
  }
  await browser?.close();
});

const step = journeySteps('branding');
/** A PNG logo, 160×48: a gold bar on the institution's blue (drawn here, so the journey needs no file). */
function logoPng(): Buffer {
  const [w, h] = [160, 48];
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(zlib.crc32(Buffer.concat([Buffer.from(type, 'latin1'), data])));
    return Buffer.concat([len, Buffer.from(type, 'latin1'), data, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(w, 0);
  ihdr.writeUInt32BE(h, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  const rows: number[] = [];
  for (let y = 0; y < h; y += 1) {
    rows.push(0);
    for (let x = 0; x < w; x += 1) rows.push(...(y > 18 && y < 30 && x > 12 && x < 148 ? [0xc9, 0xa2, 0x27] : [0x1a, 0x23, 0x7e]));
  }
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return Buffer.concat([
    signature,
    chunk('IHDR', ihdr),
    chunk('IDAT', zlib.deflateSync(Buffer.from(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
const PNG = logoPng();
const HOSTILE_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><script>alert(document.cookie)</script><rect width="10" height="10"/></svg>';

describe('branding that stays readable', () => {
  it('refuses a colour white text cannot be read on, previews a good one, refuses a scripted SVG, and saves a PNG logo the login page and e-mails show', async () => {
    const page = await signedInPage(browser, 'admin');
    await step(page, '1-settings', async () => {
      await page.goto('/#/admin/site-settings');
      await page.getByRole('heading', { name: 'Site Settings', level: 1 }).waitFor();
      const primary = page.getByRole('textbox', { name: 'Primary colour', exact: true });

      // A yellow: the field says why at once, the preview's words say it too, and saving is refused.
      await primary.fill('#F5D000');
      const refusal = 'White text on #F5D000 has a contrast of 1.51:1; it needs at least 4.5:1.';
      await expectMessage(primary, refusal);
      const contrast = page.getByRole('list', { name: 'Contrast of the text on each colour' });
      await contrast.getByText(`Primary colour (app bar, buttons, login button): ${refusal}`).waitFor();
      await screenshot(page, 'branding-1-colour-refused');
      await page.getByRole('button', { name: 'Save settings' }).click();
      await expectMessage(primary, refusal);
      const saved = (await (await api('GET', '/api/institution/branding')).json()) as { primaryColor: string };
      expect(saved.primaryColor.toLowerCase()).toBe(String(original!.primaryColor).toLowerCase());

      // A dark blue: accepted, and the preview's app bar takes it before anything is saved.
      await primary.fill('#1A237E');
      await contrast.getByText(/white text on #1A237E has a contrast of 13\.24:1/).waitFor();
      await expect
        .poll(() =>
          page
            .locator('[inert]')
            .first()
            .evaluate((el) => getComputedStyle(el.firstElementChild!.firstElementChild!).backgroundColor),
        )
        .toBe('rgb(26, 35, 126)');

      // An SVG logo carrying a script: refused on the logo field when saving, and nothing is saved.
      await page
        .locator('input[type="file"]')
        .setInputFiles({ name: 'crest.svg', mimeType: 'image/svg+xml', buffer: Buffer.from(HOSTILE_SVG) });
      await page.getByText('crest.svg (1 KB), uploaded when you save.').waitFor();
      await page.getByRole('button', { name: 'Save settings' }).click();
      await page
        .getByRole('alert')
        .getByText(/This SVG holds a <script> element, which a logo may not carry/)
        .waitFor();
      await screenshot(page, 'branding-2-svg-refused');
      expect(((await (await api('GET', '/api/institution/settings')).json()) as { logoUpload: unknown }).logoUpload).toBeNull();

      // A PNG: saved with the colour.
      await page.locator('input[type="file"]').setInputFiles({ name: 'crest.png', mimeType: 'image/png', buffer: PNG });
      await page.getByText('crest.png (1 KB), uploaded when you save.').waitFor();
      await page.getByRole('button', { name: 'Save settings' }).click();
      await page.getByText('Site settings saved.').waitFor();
      await page.getByText(/crest\.png \(1 KB\), served from Meridian\./).waitFor();
      await screenshot(page, 'branding-3-saved');
    });

    const login = await journeyPage(browser);
    await step(login, '2-login-page', async () => {
      await login.goto('/#/login');
      const button = login.getByRole('button', { name: 'LOGIN' });
      await button.waitFor();
      expect(await button.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe('rgb(26, 35, 126)');
      // Beside the institution's name the logo is decoration (empty alt): found by its source.
      const logo = login.locator('img[src^="/api/institution/logo/"]').first();
      const src = await logo.getAttribute('src');
      expect(src).toMatch(/^\/api\/institution\/logo\/[0-9a-f]{20}\.png$/);
      const served = await fetch(`${baseUrl()}${src}`);
      expect(served.headers.get('content-type')).toBe('image/png');
      expect(served.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      await screenshot(login, 'branding-4-login-page');

      // The password e-mail: its text as before, and an HTML part in the new colours with the logo.
      await login.getByRole('link', { name: 'Forgot your password?' }).click();
      await login.getByLabel(/e-?mail/i).fill('scholar@demo.example.edu');
      await login.getByRole('button', { name: /reset password/i }).click();
      await login.getByText(/If an account matches that e-mail/).waitFor();
      let mail: { text_body: string; html_body: string | null } | undefined;
      for (let i = 0; i < 50 && !mail?.html_body?.includes('#1A237E'); i += 1) {
        [mail] = await query<{ text_body: string; html_body: string | null }>(
          `select text_body, html_body from outbox where to_address = 'scholar@demo.example.edu' order by created_at desc limit 1`,
        );
        await new Promise((r) => setTimeout(r, 200));
      }
      expect(mail!.text_body).toMatch(/#\/login\/pass-reset\//);
      expect(mail!.html_body).toContain('background:#1A237E');
      expect(mail!.html_body).toContain(`<img src="${baseUrl()}${src}"`);
    });
  });
});

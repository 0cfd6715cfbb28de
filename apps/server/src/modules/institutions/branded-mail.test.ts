import { describe, expect, it } from 'vitest';
import { renderBrandedHtml } from './branded-mail.js';
import { mergeSettings } from './settings.js';

const settings = (over: Record<string, unknown> = {}) =>
  mergeSettings('Demo University', { publicBaseUrl: 'https://isss.demo.test/portal/', ...over });

describe('the HTML part of e-mails', () => {
  it('escapes every value: the text, the institution name, the subject and the addresses', () => {
    const html = renderBrandedHtml(
      settings({ accountName: 'Dem<o> & "Sons" <script>alert(1)</script>' }),
      'Hi <b>there</b>',
      'Hello <img src=x onerror=alert(1)>,\n\nOpen https://isss.demo.test/#/login?a=1&b="2"<x> now.',
    );
    expect(html).not.toContain('<script>');
    expect(html).not.toContain('<img src=x');
    expect(html).not.toContain('<b>there</b>');
    expect(html).toContain('Dem&lt;o&gt; &amp; &quot;Sons&quot; &lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).toContain('Hello &lt;img src=x onerror=alert(1)&gt;,');
    expect(html).toContain('<title>Hi &lt;b&gt;there&lt;/b&gt;</title>');
    // An address ends at a quote or an angle bracket; its & is escaped in the link, and what follows is text.
    expect(html).toContain('<a href="https://isss.demo.test/#/login?a=1&amp;b="');
    expect(html).toContain('</a>&quot;2&quot;&lt;x&gt; now.');
  });

  it("carries the institution's colours and its logo; the links keep their sentence's full stop outside", () => {
    const html = renderBrandedHtml(
      settings({ primaryColor: '#1a237e', secondaryColor: '#ffab00', logoImageURL: 'https://cdn.demo.test/crest.png' }),
      'Reset',
      'Choose a new password with this link:\n\nhttps://isss.demo.test/#/login/pass-reset/abc.\n\nThanks',
    );
    expect(html).toContain('background:#1a237e');
    expect(html).toContain('border-bottom:4px solid #ffab00');
    expect(html).toContain('<img src="https://cdn.demo.test/crest.png" alt="Demo University"');
    expect(html).toContain('<a href="https://isss.demo.test/#/login/pass-reset/abc" style="color:#1a237e');
    expect(html).toContain('</a>.</p>');
    expect(html).toContain('<p style="margin:0 0 16px 0">Thanks</p>');
  });

  it('an uploaded logo comes from the portal address; an SVG one is left out (mail clients do not draw SVG) and the name shows', () => {
    const png = renderBrandedHtml(
      settings({ logoFile: { storageKey: 'aa/bb/x', fileName: 'c.png', contentType: 'image/png', sizeBytes: 1, sha256: 'ab'.repeat(32) } }),
      's',
      't',
    );
    expect(png).toContain(`<img src="https://isss.demo.test/portal/api/institution/logo/${'ab'.repeat(10)}.png"`);
    const svg = renderBrandedHtml(
      settings({
        logoFile: { storageKey: 'aa/bb/x', fileName: 'c.svg', contentType: 'image/svg+xml', sizeBytes: 1, sha256: 'ab'.repeat(32) },
      }),
      's',
      't',
    );
    expect(svg).not.toContain('<img');
    expect(svg).toContain('>Demo University</span>');
  });

  it('a stored colour that is not #RRGGBB never reaches a style', () => {
    const html = renderBrandedHtml(settings({ primaryColor: 'red;background:url(https://evil.example/x)' }), 's', 't');
    expect(html).not.toContain('evil.example');
    expect(html).toContain('background:#00796b');
  });
});

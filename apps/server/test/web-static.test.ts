import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TTestApp } from './app.js';

// The built web app as the server sends it (docs/decisions/023-web-chunks-caching-and-compression.md):
// precompressed siblings, long caching for hashed assets, index.html always asked again, no source maps.
const INDEX = '<!doctype html><html><head><title>Meridian</title></head><body><div id="root"></div></body></html>';
const SCRIPT = `export const answer = ${JSON.stringify('x'.repeat(2000))};\n`;
let dist: string;
let t: TTestApp;

beforeAll(async () => {
  dist = fs.mkdtempSync(path.join(os.tmpdir(), 'meridian-web-dist-'));
  fs.mkdirSync(path.join(dist, 'assets'));
  const write = (name: string, text: string) => {
    fs.writeFileSync(path.join(dist, name), text);
    fs.writeFileSync(path.join(dist, `${name}.br`), zlib.brotliCompressSync(text));
    fs.writeFileSync(path.join(dist, `${name}.gz`), zlib.gzipSync(text));
  };
  write('index.html', INDEX);
  write('assets/app-3f9a1c.js', SCRIPT);
  fs.writeFileSync(path.join(dist, 'assets/app-3f9a1c.js.map'), '{"version":3,"sources":["secret.ts"]}');
  t = await createTestApp({ webDist: dist }, { serveWeb: true });
});
afterAll(async () => {
  await t?.close();
  fs.rmSync(dist, { recursive: true, force: true });
});

describe('the web app', () => {
  it('sends index.html brotli-compressed to a browser that takes it, asked again on every visit, with the security headers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    expect(zlib.brotliDecompressSync(res.rawPayload).toString()).toBe(INDEX);
  });

  it('sends a hashed asset gzipped or as it is, cached for a year and never revalidated', async () => {
    const gz = await t.app.inject({ method: 'GET', url: '/assets/app-3f9a1c.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.statusCode).toBe(200);
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.headers['content-type']).toMatch(/javascript/);
    expect(gz.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(SCRIPT);

    const plain = await t.app.inject({ method: 'GET', url: '/assets/app-3f9a1c.js' });
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(plain.body).toBe(SCRIPT);
  });

  it('does not serve source maps', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/assets/app-3f9a1c.js.map' });
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('secret.ts');
  });

  it('leaves the API uncached', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
  });
});

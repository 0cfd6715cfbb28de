import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, HOST_A, type TTestApp } from './app.js';

// docs/product/operations.md#metrics: Prometheus metrics for the operator, behind a token.
const TOKEN = 'scrape-token-0123456789';
let t: TTestApp;
let plain: TTestApp;
beforeAll(async () => {
  t = await createTestApp({ metricsToken: TOKEN });
  plain = await createTestApp();
});
afterAll(async () => {
  await t.close();
  await plain.close();
});

describe('metrics', () => {
  it('are served only with the token, and not at all when none is set', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(401);
    expect(
      (await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: 'Bearer wrong-token-0123456789' } })).statusCode,
    ).toBe(401);
    expect((await plain.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } })).statusCode).toBe(
      404,
    );
  });

  it('count request latency by route pattern (never an id), the database pool, the mail queue and the process', async () => {
    await t.app.inject({ method: 'GET', url: '/api/health' });
    await t.app.inject({ method: 'GET', url: '/api/staff/0b0c7e3e-2f7a-4c4e-9a55-3c1f1f1f1f1f', headers: { host: HOST_A } });
    await t.sql(
      "insert into outbox (institution_id, to_address, subject, text_body, purpose, status) values ($1, 'a@b.test', 's', 't', 'test', 'queued')",
      [t.institutionA],
    );
    const res = await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    const text = res.body;
    expect(text).toMatch(/meridian_http_request_duration_seconds_count\{method="GET",route="\/api\/health",status="200"\} 1/);
    expect(text).toContain('route="/api/staff/:userId"');
    expect(text).not.toContain('0b0c7e3e-2f7a-4c4e-9a55-3c1f1f1f1f1f');
    expect(text).toMatch(/meridian_db_pool_connections\{state="total"\} \d+/);
    expect(text).toMatch(/meridian_mail_queue_messages\{status="queued"\} 1/);
    expect(text).toContain('meridian_process_resident_memory_bytes');
    expect(text).toContain('meridian_nodejs_eventloop_lag_seconds');
  });

  it("every answer carries its request id, the proxy's when it sent a sane one", async () => {
    const own = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(own.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const proxied = await t.app.inject({ method: 'GET', url: '/api/health', headers: { 'x-request-id': 'nginx-7f3a9c2e11' } });
    expect(proxied.headers['x-request-id']).toBe('nginx-7f3a9c2e11');
    const hostile = await t.app.inject({ method: 'GET', url: '/api/health', headers: { 'x-request-id': 'a\u0001b<script>' } });
    expect(hostile.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });
});

import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { TDatabase } from '../db/database.js';

/**
 * Prometheus metrics at GET /metrics (docs/product/operations.md#metrics): request latency by route
 * and status, the database pool, the e-mail queue, the job queue, and the process (memory, CPU, event-loop delay).
 * Served only when METRICS_TOKEN is set, and only to a scraper presenting it as a bearer token.
 */
export function installMetrics(app: FastifyInstance, database: TDatabase, token: string | undefined): void {
  if (!token) return;
  const register = new Registry();
  collectDefaultMetrics({ register, prefix: 'meridian_' });
  const latency = new Histogram({
    name: 'meridian_http_request_duration_seconds',
    help: 'Time to answer an HTTP request, by route pattern and status',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [register],
  });
  const pool = new Gauge({
    name: 'meridian_db_pool_connections',
    help: 'Database pool connections: total open, idle, and requests waiting for one',
    labelNames: ['state'] as const,
    registers: [register],
    collect() {
      this.set({ state: 'total' }, database.pool.totalCount);
      this.set({ state: 'idle' }, database.pool.idleCount);
      this.set({ state: 'waiting' }, database.pool.waitingCount);
    },
  });
  void pool;
  const outbox = new Gauge({
    name: 'meridian_mail_queue_messages',
    help: 'E-mail outbox messages waiting (queued), being sent (sending) or given up (failed)',
    labelNames: ['status'] as const,
    registers: [register],
    async collect() {
      const rows = await database.pool
        .query<{ status: string; n: number }>(
          "select status, count(*)::int as n from outbox where status in ('queued', 'sending', 'failed') group by status",
        )
        .then((r) => r.rows)
        .catch(() => null);
      for (const status of ['queued', 'sending', 'failed']) this.set({ status }, rows?.find((r) => r.status === status)?.n ?? 0);
    },
  });
  void outbox;
  const jobQueue = new Gauge({
    name: 'meridian_job_queue_jobs',
    help: 'Long work (imports, batch builds, exports) waiting to start (queued) or under way (running)',
    labelNames: ['status'] as const,
    registers: [register],
    async collect() {
      const rows = await database.pool
        .query<{ status: string; n: number }>(
          "select status, count(*)::int as n from background_jobs where status in ('queued', 'running') group by status",
        )
        .then((r) => r.rows)
        .catch(() => null);
      for (const status of ['queued', 'running']) this.set({ status }, rows?.find((r) => r.status === status)?.n ?? 0);
    },
  });
  void jobQueue;

  app.addHook('onResponse', async (req, reply) => {
    // The route's pattern, not its address: /api/students/:id, never a person's id in a label.
    const route = req.routeOptions.url ?? 'unmatched';
    if (route === '/metrics') return;
    latency.observe({ method: req.method, route, status: String(reply.statusCode) }, reply.elapsedTime / 1000);
  });

  const expected = Buffer.from(`Bearer ${token}`);
  app.get('/metrics', { schema: { hide: true } }, async (req, reply) => {
    const given = Buffer.from(String(req.headers.authorization ?? ''));
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
      return reply
        .status(401)
        .header('WWW-Authenticate', 'Bearer')
        .send({ code: 'UNAUTHENTICATED', message: 'A metrics token is required.' });
    }
    return reply.header('Content-Type', register.contentType).send(await register.metrics());
  });
}

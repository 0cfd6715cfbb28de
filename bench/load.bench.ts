/**
 * Load test (docs/performance.md#load): 200 simulated users with a realistic mix (lists, record pages,
 * submissions, uploads) against one node, then against two nodes behind nginx, on loopback only and
 * bounded in time. Each simulated user is a loop of fetch calls (one keep-alive connection pool per
 * origin), latencies recorded exactly. Prints p50/p95/p99 latency, throughput, errors and each node's memory. A script,
 * not a test: nothing here asserts a time.
 *
 *   npm run build && npm run bench:load           (DATABASE_URL's server, else the machine's at 127.0.0.1:5432)
 *   LOAD_SECONDS=30 LOAD_USERS=200 npm run bench:load
 *
 * Needs nginx on the PATH for the two-node run (Debian: apt-get install nginx); without it that run is
 * skipped with a note.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { REPO_ROOT } from '../apps/server/src/platform/config/config.js';

const SECONDS = Number(process.env.LOAD_SECONDS ?? 20);
const USERS = Number(process.env.LOAD_USERS ?? 200);
const ADMIN_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const SERVER = path.join(REPO_ROOT, 'apps/server/dist/main.js');
const log = (m: string) => console.error(`[load] ${m}`);

const freePort = () =>
  new Promise<number>((resolve) => {
    const s = net.createServer();
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });

const rssMb = (pid: number): number => {
  try {
    const kb = /VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return kb ? Number(kb) / 1024 : 0;
  } catch {
    return 0;
  }
};

async function waitHealthy(base: string, child: ChildProcess): Promise<void> {
  for (let i = 0; i < 240; i++) {
    if (child.exitCode !== null) throw new Error(`a node exited with ${child.exitCode}`);
    const ok = await fetch(`${base}/api/health`)
      .then((r) => r.ok)
      .catch(() => false);
    if (ok) return;
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`${base} did not become healthy`);
}

function startNode(port: number, dbUrl: string, demo: boolean): ChildProcess {
  return spawn(process.execPath, [SERVER], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: dbUrl,
      MERIDIAN_DEMO: demo ? '1' : '0',
      PUBLIC_BASE_URL: 'http://localhost',
      LOG_LEVEL: 'warn',
      DATA_DIR: path.join(os.tmpdir(), 'meridian-load-files'),
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

type TSession = { accessToken: string };
async function signIn(base: string, userName: string): Promise<TSession> {
  const r = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', host: 'localhost' },
    body: JSON.stringify({ userName, password: 'Meridian-demo-1' }),
  });
  if (!r.ok) throw new Error(`sign-in ${userName}: ${r.status} ${await r.text()}`);
  return (await r.json()) as TSession;
}

async function getJson<T>(base: string, p: string, s: TSession): Promise<T> {
  const r = await fetch(`${base}${p}`, { headers: { authorization: `Bearer ${s.accessToken}` } });
  if (!r.ok) throw new Error(`GET ${p}: ${r.status}`);
  return (await r.json()) as T;
}

/** The requests one simulated user cycles through: what an office's day looks like, mostly reading. */
type TRequest = { method: 'GET' | 'POST'; path: string; headers: Record<string, string>; body?: string | Uint8Array<ArrayBuffer> };

async function userMix(base: string): Promise<TRequest[]> {
  const officer = await signIn(base, 'admin');
  const students = await getJson<{ items: { id: string }[] }>(base, '/api/students?title=all&pageSize=25', officer);
  const requests = await getJson<{ items: { id: string }[] }>(base, '/api/requests?pageSize=25', officer);
  const studentId = students.items[0]?.id;
  const requestId = requests.items[0]?.id;
  if (!studentId || !requestId) throw new Error('the demo has no student or request to read');
  const auth = { authorization: `Bearer ${officer.accessToken}` };
  const boundary = `----meridian${randomBytes(6).toString('hex')}`;
  const pdf = Buffer.from(
    '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj 2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
  );
  const upload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="requestId"\r\n\r\n${requestId}\r\n`),
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="letter.pdf"\r\nContent-Type: application/pdf\r\n\r\n`,
    ),
    pdf,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return [
    { method: 'GET', path: '/api/students?title=all&page=1&pageSize=25', headers: auth },
    { method: 'GET', path: `/api/students/${studentId}`, headers: auth },
    { method: 'GET', path: '/api/requests?page=1&pageSize=25', headers: auth },
    { method: 'GET', path: `/api/requests/${requestId}`, headers: auth },
    { method: 'GET', path: '/api/notifications', headers: auth },
    {
      method: 'POST',
      path: '/api/comments',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify({ subjectType: 'request', subjectId: requestId, body: 'Checked the I-20 copy.', isInternal: true }),
    },
    { method: 'GET', path: '/api/students?title=active&page=2&pageSize=25&sort=programEndDate', headers: auth },
    {
      method: 'POST',
      path: '/api/attachments',
      headers: { ...auth, 'content-type': `multipart/form-data; boundary=${boundary}` },
      body: new Uint8Array(upload),
    },
  ];
}

type TResult = { target: string; p50: number; p95: number; p99: number; rps: number; requests: number; errors: number; memory: string };

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;

/** USERS simulated users, each going through the mix in turn (from a different point) until time is up. */
async function run(target: string, base: string, pids: number[]): Promise<TResult> {
  const mix = await userMix(base);
  const peak = new Map(pids.map((p) => [p, rssMb(p)]));
  const sampler = setInterval(() => {
    for (const p of pids) peak.set(p, Math.max(peak.get(p) ?? 0, rssMb(p)));
  }, 500);
  log(`${target}: ${USERS} users for ${SECONDS} s`);
  const latencies: number[] = [];
  const failures = new Map<string, number>();
  const started = performance.now();
  const end = started + SECONDS * 1000;
  await Promise.all(
    Array.from({ length: USERS }, async (_, user) => {
      for (let i = user; performance.now() < end; i++) {
        const req = mix[i % mix.length]!;
        const t0 = performance.now();
        try {
          const res = await fetch(`${base}${req.path}`, {
            method: req.method,
            headers: req.headers,
            ...(req.body ? { body: req.body } : {}),
          });
          await res.arrayBuffer();
          latencies.push(performance.now() - t0);
          if (res.status >= 400)
            failures.set(
              `${req.method} ${req.path.split('?')[0]} ${res.status}`,
              (failures.get(`${req.method} ${req.path.split('?')[0]} ${res.status}`) ?? 0) + 1,
            );
        } catch (e) {
          const key = `${req.method} ${req.path.split('?')[0]} ${(e as { cause?: { code?: string } }).cause?.code ?? 'network'}`;
          failures.set(key, (failures.get(key) ?? 0) + 1);
        }
      }
    }),
  );
  clearInterval(sampler);
  const elapsed = (performance.now() - started) / 1000;
  for (const [k, n] of failures) log(`${target}: ${n} × ${k}`);
  const sorted = latencies.sort((x, y) => x - y);
  return {
    target,
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    p99: percentile(sorted, 99),
    rps: sorted.length / elapsed,
    requests: sorted.length,
    errors: [...failures.values()].reduce((x, y) => x + y, 0),
    memory: pids.map((p, i) => `node ${i + 1} ${peak.get(p)!.toFixed(0)} MB`).join(', '),
  };
}

async function main(): Promise<void> {
  if (!fs.existsSync(SERVER)) throw new Error('build first: npm run build');
  const dbName = `meridian_load_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`create database ${dbName}`);
  const dbUrl = ADMIN_URL.replace(/\/[^/]*$/, `/${dbName}`);
  const children: ChildProcess[] = [];
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'meridian-load-'));
  let nginx: ChildProcess | null = null;
  const results: TResult[] = [];
  try {
    const [a, b, proxy] = [await freePort(), await freePort(), await freePort()];
    const nodeA = startNode(a, dbUrl, true);
    children.push(nodeA);
    await waitHealthy(`http://127.0.0.1:${a}`, nodeA);
    results.push(await run('one node', `http://127.0.0.1:${a}`, [nodeA.pid!]));

    const hasNginx = spawnSync('nginx', ['-v']).status === 0;
    if (!hasNginx) log('nginx is not installed (apt-get install nginx): the two-node run is skipped');
    else {
      const nodeB = startNode(b, dbUrl, false);
      children.push(nodeB);
      await waitHealthy(`http://127.0.0.1:${b}`, nodeB);
      fs.writeFileSync(
        path.join(tmp, 'nginx.conf'),
        `worker_processes 1;
pid ${tmp}/nginx.pid;
error_log ${tmp}/error.log warn;
events { worker_connections 2048; }
http {
  access_log off;
  client_body_temp_path ${tmp}/body;
  proxy_temp_path ${tmp}/proxy;
  upstream meridian { least_conn; server 127.0.0.1:${a}; server 127.0.0.1:${b}; keepalive 64; }
  server {
    listen 127.0.0.1:${proxy};
    client_max_body_size 12m;
    location / {
      proxy_pass http://meridian;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $host;
      proxy_set_header X-Request-Id $request_id;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
    }
  }
}
`,
      );
      nginx = spawn('nginx', ['-p', tmp, '-c', path.join(tmp, 'nginx.conf'), '-g', 'daemon off;'], { stdio: 'inherit' });
      await new Promise((r) => setTimeout(r, 1000));
      results.push(await run('two nodes behind nginx', `http://127.0.0.1:${proxy}`, [nodeA.pid!, nodeB.pid!]));
    }
  } finally {
    nginx?.kill('SIGTERM');
    for (const c of children) c.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 1500));
    await admin.query(`drop database if exists ${dbName} with (force)`).catch(() => {});
    await admin.end();
    fs.rmSync(tmp, { recursive: true, force: true });
  }
  console.log(
    `\n${USERS} users, ${SECONDS} s each, loopback, ${os.cpus().length} cores (${os.cpus()[0]?.model ?? ''}), node ${process.version}\n`,
  );
  console.log('| target | requests | req/s | p50 ms | p95 ms | p99 ms | errors | peak RSS |');
  console.log('| --- | --- | --- | --- | --- | --- | --- | --- |');
  for (const r of results)
    console.log(
      `| ${r.target} | ${r.requests} | ${r.rps.toFixed(0)} | ${r.p50.toFixed(0)} | ${r.p95.toFixed(0)} | ${r.p99.toFixed(0)} | ${r.errors} | ${r.memory} |`,
    );
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});

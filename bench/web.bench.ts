/**
 * Web weight (docs/performance.md#web): what a browser downloads for the login page and the staff
 * dashboard, and Lighthouse's scores for both, against the production build served by the real server.
 *
 *   npm run build && npm run bench:web        (DATABASE_URL's server, else the embedded PostgreSQL)
 *   LH_RUNS=3 npm run bench:web               (median of three Lighthouse runs per route and device)
 *   LH_RUNS=0 npm run bench:web               (bytes only, no Lighthouse)
 *   LH_JSON_DIR=/tmp/lh npm run bench:web     (keeps every Lighthouse report; LH_VERBOSE=1 lists the audits below 0.9)
 *   WEB_DIST=/tmp/old-dist npm run bench:web  (serves a saved copy of apps/web/dist: before/after in one sitting)
 *
 * Builds nothing: it serves apps/web/dist with apps/server/dist/main.js, as `npm start` does, on a fresh
 * database with the demo institution (dropped at the end). Per route it reports JS and CSS on the wire
 * (compressed, headers included, as Lighthouse counts them) and uncompressed, the request count, the
 * bytes of a second visit (what the cache leaves to download), and Lighthouse's performance,
 * accessibility and best-practices scores on mobile and desktop. Budget: exits 1 when the login page's
 * JS on the wire is over LOGIN_JS_BUDGET_KB (150).
 */
import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { chromium, type Browser, type Page } from 'playwright-core';
import puppeteer from 'puppeteer-core';
import lighthouse, { desktopConfig, type Config, type Flags } from 'lighthouse';
import { REPO_ROOT } from '../apps/server/src/platform/config/config.js';
import { startEmbeddedPostgres } from '../apps/server/src/platform/db/embedded.js';

const SERVER = path.join(REPO_ROOT, 'apps/server/dist/main.js');
// WEB_DIST=dir serves another build (the server reads it too): two saved builds can be compared in one sitting.
const WEB_INDEX = path.join(path.resolve(REPO_ROOT, process.env.WEB_DIST ?? 'apps/web/dist'), 'index.html');
const PASSWORD = 'Meridian-demo-1';
const LOGIN_JS_BUDGET_KB = Number(process.env.LOGIN_JS_BUDGET_KB ?? 150);
const LH_RUNS = Number(process.env.LH_RUNS ?? 1);
const FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'];
const log = (m: string) => console.error(`[web] ${m}`);
const kb = (n: number) => (n / 1024).toFixed(1);

const freePort = () =>
  new Promise<number>((resolve) => {
    const s = net.createServer();
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function waitFor(what: string, ok: () => Promise<boolean>, child: ChildProcess): Promise<void> {
  for (let i = 0; i < 240; i++) {
    if (child.exitCode !== null) throw new Error(`${what}: the process exited with ${child.exitCode}`);
    if (await ok().catch(() => false)) return;
    await sleep(500);
  }
  throw new Error(`${what} did not come up`);
}

type TSession = Record<string, unknown> & { accessToken: string };

async function signIn(base: string): Promise<TSession> {
  const r = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ userName: 'admin', password: PASSWORD }),
  });
  if (!r.ok) throw new Error(`sign-in admin: ${r.status} ${await r.text()}`);
  return (await r.json()) as TSession;
}

/** Puts the session where the app keeps it (sessionStorage, per tab) before any of its scripts run. */
const seedSession = (session: TSession | null) =>
  session ? `try { sessionStorage.setItem('meridian.session', ${JSON.stringify(JSON.stringify(session))}); } catch {}` : '';

interface TRoute {
  name: string;
  hash: string;
  signedIn: boolean;
  /** Shown once the page is usable. */
  ready: (page: Page) => Promise<void>;
}

const ROUTES: TRoute[] = [
  {
    name: 'login',
    hash: '#/login',
    signedIn: false,
    ready: (page) => page.getByRole('button', { name: 'LOGIN' }).waitFor({ timeout: 30_000 }),
  },
  {
    name: 'staff dashboard',
    hash: '#/admin/dashboard',
    signedIn: true,
    ready: (page) => page.locator('#main-content tbody tr').first().waitFor({ timeout: 30_000 }),
  },
];

interface TWeight {
  jsWire: number;
  jsRaw: number;
  cssWire: number;
  cssRaw: number;
  allWire: number;
  requests: number;
  jsRequests: number;
  repeatWire: number;
  repeatRequests: number;
  jsFiles: string[];
}

type TEntry = { url: string; type: string; wire: number; raw: number; cached: boolean };

/** Every response of one page load, from the DevTools protocol: type, bytes on the wire, bytes after decoding. */
async function load(page: Page, url: string, ready: (page: Page) => Promise<void>, reload: boolean): Promise<TEntry[]> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  const entries = new Map<string, TEntry>();
  cdp.on('Network.responseReceived', (e) => {
    entries.set(e.requestId, {
      url: e.response.url,
      type: e.type,
      wire: 0,
      raw: 0,
      cached: Boolean(e.response.fromDiskCache || e.response.fromPrefetchCache),
    });
  });
  cdp.on('Network.dataReceived', (e) => {
    const entry = entries.get(e.requestId);
    if (entry) entry.raw += e.dataLength;
  });
  cdp.on('Network.loadingFinished', (e) => {
    const entry = entries.get(e.requestId);
    if (entry) entry.wire = e.encodedDataLength;
  });
  if (reload) await page.reload({ waitUntil: 'networkidle' });
  else await page.goto(url, { waitUntil: 'networkidle' });
  await ready(page).catch(async (e: unknown) => {
    const shot = path.join(os.tmpdir(), 'meridian-web-bench.png');
    await page.screenshot({ path: shot }).catch(() => {});
    throw new Error(`${url} did not get ready (screenshot: ${shot}, address ${page.url()})`, { cause: e });
  });
  await page.waitForLoadState('networkidle');
  await cdp.detach();
  return [...entries.values()].filter((e) => !e.url.startsWith('data:'));
}

async function weigh(browser: Browser, base: string, route: TRoute, session: TSession | null): Promise<TWeight> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 860 } });
  if (route.signedIn) await context.addInitScript(seedSession(session));
  const page = await context.newPage();
  const first = await load(page, `${base}/${route.hash}`, route.ready, false);
  const again = await load(page, `${base}/${route.hash}`, route.ready, true);
  await context.close();
  const sum = (xs: TEntry[], key: 'wire' | 'raw') => xs.reduce((s, e) => s + e[key], 0);
  const js = first.filter((e) => e.type === 'Script');
  const css = first.filter((e) => e.type === 'Stylesheet');
  return {
    jsWire: sum(js, 'wire'),
    jsRaw: sum(js, 'raw'),
    cssWire: sum(css, 'wire'),
    cssRaw: sum(css, 'raw'),
    allWire: sum(first, 'wire'),
    requests: first.length,
    jsRequests: js.length,
    repeatWire: sum(again, 'wire'),
    repeatRequests: again.filter((e) => !e.cached && e.wire > 0).length,
    jsFiles: js.map((e) => `${new URL(e.url).pathname} ${kb(e.wire)} KB wire / ${kb(e.raw)} KB`),
  };
}

type TScores = { performance: number; accessibility: number; bestPractices: number; fcp: number; lcp: number; tbt: number };

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

/** Debian's Chromium with a DevTools port: Lighthouse drives it through puppeteer. */
async function startChromiumForLighthouse(executablePath: string): Promise<{ port: number; child: ChildProcess; dir: string }> {
  const port = await freePort();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'meridian-lh-'));
  const child = spawn(executablePath, [...FLAGS, `--remote-debugging-port=${port}`, `--user-data-dir=${dir}`, 'about:blank'], {
    stdio: 'ignore',
  });
  await waitFor('chromium', () => fetch(`http://127.0.0.1:${port}/json/version`).then((r) => r.ok), child);
  return { port, child, dir };
}

async function score(port: number, url: string, session: TSession | null, device: 'mobile' | 'desktop'): Promise<TScores> {
  const runs: TScores[] = [];
  // A run Lighthouse itself gives up on (a trace it could not record) is run again, up to twice.
  for (let i = 0, failed = 0; i < LH_RUNS; i++) {
    const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${port}`, defaultViewport: null });
    const page = await browser.newPage();
    try {
      if (session) await page.evaluateOnNewDocument(seedSession(session));
      const flags: Flags = { logLevel: 'error', onlyCategories: ['performance', 'accessibility', 'best-practices'] };
      const config: Config | undefined = device === 'desktop' ? desktopConfig : undefined;
      const result = await lighthouse(url, flags, config, page);
      if (!result) throw new Error(`lighthouse gave no result for ${url}`);
      const { categories, audits } = result.lhr;
      // LH_JSON_DIR=dir keeps each report (open it in the Lighthouse viewer, or read it with jq).
      if (process.env.LH_JSON_DIR) {
        fs.mkdirSync(process.env.LH_JSON_DIR, { recursive: true });
        const name = `${new URL(url).hash.replace(/[^a-z]+/gi, '-').replace(/^-|-$/g, '')}-${device}-${i + 1}.json`;
        fs.writeFileSync(path.join(process.env.LH_JSON_DIR, name), JSON.stringify(result.lhr));
      }
      if (result.lhr.runtimeError) {
        log(`lighthouse ${url} ${device}: ${result.lhr.runtimeError.message}`);
        if (++failed > 2) throw new Error(`lighthouse failed three times on ${url} (${device})`);
        i--;
        continue;
      }
      const pct = (c: string) => Math.round((categories[c]?.score ?? 0) * 100);
      runs.push({
        performance: pct('performance'),
        accessibility: pct('accessibility'),
        bestPractices: pct('best-practices'),
        fcp: audits['first-contentful-paint']?.numericValue ?? 0,
        lcp: audits['largest-contentful-paint']?.numericValue ?? 0,
        tbt: audits['total-blocking-time']?.numericValue ?? 0,
      });
      for (const [id, a] of Object.entries(audits)) {
        if (process.env.LH_VERBOSE && a.score !== null && a.score < 0.9 && a.scoreDisplayMode !== 'informative')
          log(`  ${device} ${url}: ${id} ${a.score} ${a.displayValue ?? ''}`);
      }
    } finally {
      await page.close().catch(() => {});
      await browser.disconnect();
    }
  }
  const pick = (k: keyof TScores) => median(runs.map((r) => r[k]));
  return {
    performance: pick('performance'),
    accessibility: pick('accessibility'),
    bestPractices: pick('bestPractices'),
    fcp: pick('fcp'),
    lcp: pick('lcp'),
    tbt: pick('tbt'),
  };
}

async function main(): Promise<void> {
  for (const built of [WEB_INDEX, SERVER]) {
    if (!fs.existsSync(built)) {
      console.error(`${path.relative(REPO_ROOT, built)} is missing: run "npm run build" first (this benchmark measures the build).`);
      process.exit(1);
    }
  }
  const executablePath = process.env.CHROMIUM_PATH || execFileSync('which', ['chromium'], { encoding: 'utf8' }).trim();

  let stopEmbedded: (() => Promise<void>) | null = null;
  let adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) {
    log('DATABASE_URL unset: starting the embedded PostgreSQL under data/bench');
    const e = await startEmbeddedPostgres({
      dataDir: path.join(REPO_ROOT, 'data', 'bench'),
      port: Number(process.env.BENCH_EMBEDDED_PG_PORT ?? 54349),
      database: 'postgres',
      quiet: true,
    });
    adminUrl = e.url;
    stopEmbedded = e.stop;
  }
  const dbName = `meridian_web_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${dbName}`);
  const dbUrl = new URL(adminUrl);
  dbUrl.pathname = `/${dbName}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'meridian-web-'));

  const port = await freePort();
  const base = `http://localhost:${port}`;
  const server = spawn(process.execPath, [SERVER], {
    cwd: REPO_ROOT,
    env: {
      ...process.env,
      DATABASE_URL: dbUrl.toString(),
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_BASE_URL: base,
      MERIDIAN_DEMO: '1',
      SMTP_URL: '',
      LOG_LEVEL: 'warn',
      DATA_DIR: dataDir,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  let lh: { port: number; child: ChildProcess; dir: string } | null = null;
  let browser: Browser | null = null;
  const weights = new Map<string, TWeight>();
  const scores = new Map<string, { mobile: TScores; desktop: TScores }>();
  try {
    await waitFor('the server', () => fetch(`${base}/api/health`).then((r) => r.ok), server);
    const session = await signIn(base);

    browser = await chromium.launch({ executablePath, args: FLAGS });
    for (const route of ROUTES) {
      log(`weighing ${route.name}`);
      weights.set(route.name, await weigh(browser, base, route, route.signedIn ? session : null));
    }
    await browser.close();
    browser = null;

    if (LH_RUNS > 0) {
      lh = await startChromiumForLighthouse(executablePath);
      for (const route of ROUTES) {
        const url = `${base}/${route.hash}`;
        log(`lighthouse ${route.name} (${LH_RUNS} run${LH_RUNS > 1 ? 's' : ''} each, mobile and desktop)`);
        const s = route.signedIn ? session : null;
        scores.set(route.name, { mobile: await score(lh.port, url, s, 'mobile'), desktop: await score(lh.port, url, s, 'desktop') });
      }
    }
  } finally {
    await browser?.close().catch(() => {});
    if (lh) {
      lh.child.kill('SIGTERM');
      await sleep(500);
      fs.rmSync(lh.dir, { recursive: true, force: true });
    }
    server.kill('SIGTERM');
    await new Promise((r) => (server.exitCode === null ? server.once('exit', r) : r(null)));
    await admin.query(`drop database if exists ${dbName} with (force)`).catch((e: unknown) => log(`drop failed: ${String(e)}`));
    await admin.end();
    fs.rmSync(dataDir, { recursive: true, force: true });
    if (stopEmbedded) await stopEmbedded();
  }

  console.log(
    `\nChromium ${execFileSync(executablePath, ['--version'], { encoding: 'utf8' }).trim()}, node ${process.version}, ${os.cpus().length} cores\n`,
  );
  console.log('| route | JS wire KB | JS KB | CSS wire KB | CSS KB | all wire KB | requests (JS) | repeat visit KB (requests) |');
  console.log('| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |');
  for (const [name, w] of weights)
    console.log(
      `| ${name} | ${kb(w.jsWire)} | ${kb(w.jsRaw)} | ${kb(w.cssWire)} | ${kb(w.cssRaw)} | ${kb(w.allWire)} | ${w.requests} (${w.jsRequests}) | ${kb(w.repeatWire)} (${w.repeatRequests}) |`,
    );
  if (scores.size) {
    console.log('\n| route | device | performance | accessibility | best practices | FCP ms | LCP ms | TBT ms |');
    console.log('| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: |');
    for (const [name, s] of scores)
      for (const device of ['mobile', 'desktop'] as const) {
        const x = s[device];
        console.log(
          `| ${name} | ${device} | ${x.performance} | ${x.accessibility} | ${x.bestPractices} | ${x.fcp.toFixed(0)} | ${x.lcp.toFixed(0)} | ${x.tbt.toFixed(0)} |`,
        );
      }
  }
  for (const [name, w] of weights) {
    console.log(`\nJS of ${name}:`);
    for (const f of w.jsFiles) console.log(`  ${f}`);
  }

  const loginJs = weights.get('login')!.jsWire;
  if (loginJs > LOGIN_JS_BUDGET_KB * 1024) {
    console.error(`\nOver budget: the login page downloads ${kb(loginJs)} KB of JS on the wire (budget ${LOGIN_JS_BUDGET_KB} KB).`);
    process.exitCode = 1;
  } else console.log(`\nWithin budget: the login page downloads ${kb(loginJs)} KB of JS on the wire (budget ${LOGIN_JS_BUDGET_KB} KB).`);
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});

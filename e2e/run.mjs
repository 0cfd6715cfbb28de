// Runs the browser journeys. Without Chromium on a developer's machine they are skipped with a
// loud note (CI installs Chromium and sets CI=true, where a missing browser is a failure).
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';

function findChromium() {
  if (process.env.CHROMIUM_PATH) return process.env.CHROMIUM_PATH;
  for (const p of ['/usr/bin/chromium', '/usr/bin/chromium-browser']) if (fs.existsSync(p)) return p;
  try {
    return execFileSync('which', ['chromium'], { encoding: 'utf8' }).trim() || null;
  } catch {
    return null;
  }
}

if (!findChromium()) {
  const msg = 'Chromium not found: the browser journeys need it (apt-get install -y chromium, or set CHROMIUM_PATH).';
  if (process.env.CI === 'true' || process.env.REQUIRE_E2E === '1') {
    console.error(msg);
    process.exit(1);
  }
  console.warn(`\n*** ${msg}\n*** The browser journeys were SKIPPED; every other test ran.\n`);
  process.exit(0);
}
// The journeys run the production build (web app and compiled server), as `npm start` does.
const build = spawnSync('npm', ['run', 'build'], { stdio: 'inherit', cwd: new URL('..', import.meta.url) });
if (build.status !== 0) process.exit(build.status ?? 1);
// Arguments pass on to vitest: `node e2e/run.mjs tests/student-journey.e2e.ts` runs one journey alone.
// E2E_SHARDS=N (CI sets 2) runs the journeys as N shards side by side, each with its own server, database and browser
// (vitest --shard): the journeys spend most of their time waiting for pages, so two shards on two cores take a little
// more than half the time of one run. Each shard's lines are printed with its number; the run fails if any shard does.
const shards = Math.max(1, Math.min(4, Number(process.env.E2E_SHARDS ?? 1) || 1));
const cwd = new URL('.', import.meta.url);
const args = ['vitest', 'run', '--config', 'vitest.config.ts', ...process.argv.slice(2)];
if (shards === 1) {
  const run = spawnSync('npx', args, { stdio: 'inherit', cwd });
  process.exit(run.status ?? 1);
}
// One report of the accessibility checks for the whole run (each shard's global set-up leaves it alone).
const artifacts = new URL('artifacts/', cwd);
fs.mkdirSync(artifacts, { recursive: true });
fs.rmSync(new URL('a11y-report.jsonl', artifacts), { force: true });
fs.writeFileSync(new URL('a11y-checked.txt', artifacts), '');
const basePort = Number(process.env.E2E_EMBEDDED_PG_PORT ?? 54349);
const codes = await Promise.all(
  Array.from({ length: shards }, (_, i) => {
    const shard = i + 1;
    const child = spawn('npx', [...args, `--shard=${shard}/${shards}`], {
      cwd,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, E2E_SHARD: String(shard), E2E_EMBEDDED_PG_PORT: String(basePort + i * 7) },
    });
    const prefix = (stream, out) => {
      let rest = '';
      stream.on('data', (chunk) => {
        const lines = (rest + chunk.toString()).split('\n');
        rest = lines.pop() ?? '';
        for (const line of lines) out.write(`[shard ${shard}] ${line}\n`);
      });
      stream.on('end', () => rest && out.write(`[shard ${shard}] ${rest}\n`));
    };
    prefix(child.stdout, process.stdout);
    prefix(child.stderr, process.stderr);
    return new Promise((resolve) => child.on('close', (code) => resolve(code ?? 1)));
  }),
);
codes.forEach((code, i) => console.log(`journeys shard ${i + 1}/${shards}: ${code === 0 ? 'passed' : `FAILED (exit ${code})`}`));
process.exit(codes.every((c) => c === 0) ? 0 : 1);

